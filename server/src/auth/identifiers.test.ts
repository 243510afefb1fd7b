import { describe, expect, it } from 'vitest';
import type { BusinessError } from '../http/envelope';
import { parseEmail, parseInviteCode, parseLocale, parsePhone } from './identifiers';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as BusinessError).code;
  }
  return 0;
};

describe('parseEmail', () => {
  it.each([
    ['  Ann.Lee@Example.COM ', 'ann.lee@example.com'],
    ["o'brien+fx@mail.example.co.uk", "o'brien+fx@mail.example.co.uk"],
  ])('accepts %j as %j', (raw, expected) => {
    expect(parseEmail(raw)).toBe(expected);
  });

  it.each([
    ['ann@example', 1001],
    ['ann.example.com', 1001],
    ['ann@@example.com', 1001],
    ['.ann@example.com', 1001],
    [`${'a'.repeat(130)}@example.com`, 1001],
    ['ann<script>@example.com', 23558],
    ['ann;drop@example.com', 23558],
    ['an n@example.com', 23558],
    ['ann\u0000@example.com', 23558],
  ])('rejects %j with %i', (raw, code) => {
    expect(codeOf(() => parseEmail(raw))).toBe(code);
  });
});

describe('parsePhone', () => {
  it.each([
    ['33612345678', undefined, '+33612345678', '33', 'FR'],
    ['+33 6 12 34 56 78', undefined, '+33612345678', '33', 'FR'],
    ['8613812345678', '86', '+8613812345678', '86', 'CN'],
    ['0612345678', '33', '+33612345678', '33', 'FR'],
    ['612345678', '+33', '+33612345678', '33', 'FR'],
  ])('reads %j (area code %j) as %s', (raw, area, e164, areaCode, country) => {
    expect(parsePhone(raw, area)).toEqual({ e164, areaCode, country });
  });

  it.each([
    ['12345', undefined, 1001],
    ['336123', undefined, 1001],
    ['33612345678', '44', 1001],
    ['phone', undefined, 1001],
    ['336#12345678', undefined, 23558],
    ['33612345678;', undefined, 23558],
  ])('rejects %j (area code %j) with %i', (raw, area, code) => {
    expect(codeOf(() => parsePhone(raw, area))).toBe(code);
  });
});

describe('parseInviteCode', () => {
  it('upper-cases, and treats empty as none', () => {
    expect(parseInviteCode(' ab12cd ')).toBe('AB12CD');
    expect(parseInviteCode('')).toBeNull();
    expect(parseInviteCode(undefined)).toBeNull();
  });

  it('answers 1107 for a malformed code and 23558 for illegal characters', () => {
    expect(codeOf(() => parseInviteCode('ab'))).toBe(1107);
    expect(codeOf(() => parseInviteCode('ab12-cd'))).toBe(1107);
    expect(codeOf(() => parseInviteCode('ab12<cd'))).toBe(23558);
  });
});

describe('parseLocale', () => {
  it.each([
    ['en', 'en'],
    ['zh-TW', 'zh-tw'],
    ['zh_CN', 'zh-cn'],
    ['zh-Hans', 'zh-cn'],
    ['zh-HK', 'zh-tw'],
    // The page's reading of a bare or Singapore tag (src/core/i18n/language.ts): Simplified, not Traditional.
    ['zh', 'zh-cn'],
    ['zh-SG', 'zh-cn'],
    ['zh-Hant-HK', 'zh-tw'],
    ['in-ID', 'id'],
    ['de-AT', 'de'],
    ['xx', 'en'],
    [undefined, 'en'],
  ])('maps %j to %j', (raw, locale) => {
    expect(parseLocale(raw)).toBe(locale);
  });
});
