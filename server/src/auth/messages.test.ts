import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES as LOCALES } from '../../../src/core/contract/languages';
import { MESSAGE_LOCALES, renderMessage } from './messages';

describe('renderMessage', () => {
  it('has texts for every language of the spec', () => {
    expect([...MESSAGE_LOCALES].sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)('fills brand and code into the %s code messages', (locale) => {
    for (const purpose of ['1', '2'] as const) {
      const { subject, text } = renderMessage(locale, purpose, { brand: 'Aurora', code: '042917' });
      expect(subject).toContain('Aurora');
      expect(text).toContain('042917');
      expect(text).toContain('Aurora');
      expect(text).toContain('10');
      expect(`${subject}${text}`).not.toMatch(/\{\w+\}/);
    }
  });

  it.each(LOCALES)('names the account in the %s registration-complete mail', (locale) => {
    const { subject, text } = renderMessage(locale, '4', { brand: 'Aurora', account: 'ann@example.com' });
    expect(subject).toContain('Aurora');
    expect(text).toContain('ann@example.com');
  });

  it.each(LOCALES)('names the brand and the account in the %s second-factor reset mail', (locale) => {
    const { subject, text } = renderMessage(locale, '5', { brand: 'Aurora', account: 'ann@example.com' });
    expect(subject).toContain('Aurora');
    expect(text).toContain('Aurora');
    expect(text).toContain('ann@example.com');
    expect(`${subject}${text}`).not.toMatch(/\{\w+\}/);
  });

  it('keeps the languages apart', () => {
    const texts = LOCALES.map((locale) => renderMessage(locale, '1', { brand: 'B', code: '1' }).text);
    expect(new Set(texts).size).toBe(LOCALES.length);
  });
});
