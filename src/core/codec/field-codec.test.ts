import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CodecError, decodeField, decodeRemembered, encodeField, encodeRemembered } from './field-codec';
import { loadCodec } from './load';

const KEY = '0123456789abcdef0123456789abcdef';

describe('encodeField / decodeField', () => {
  it.each(['6222 0212 3456 7890', 'Zoë Ünal — 张伟', '', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'])(
    'round-trips %j',
    (plain) => {
      expect(decodeField(encodeField(plain, KEY), KEY)).toBe(plain);
    },
  );

  it('writes AES-256-ECB with PKCS#7 in Base64, as a server decodes it with its own crypto library', () => {
    const cipher = createCipheriv('aes-256-ecb', Buffer.from(KEY, 'utf8'), null);
    const expected = Buffer.concat([cipher.update('6222021234567890', 'utf8'), cipher.final()]).toString(
      'base64',
    );
    expect(encodeField('6222021234567890', KEY)).toBe(expected);
  });

  it('accepts a 64-digit hex key as 32 bytes', () => {
    const hex = 'ab'.repeat(32);
    expect(decodeField(encodeField('x', hex), hex)).toBe('x');
  });

  it.each([null, '', 'short', 'z'.repeat(40)])('refuses the key %j', (key) => {
    expect(() => encodeField('x', key)).toThrow(CodecError);
  });

  it('refuses cipher text written with another key', () => {
    const other = 'fedcba9876543210fedcba9876543210';
    expect(() => decodeField(encodeField('secret-value', KEY), other)).toThrow(CodecError);
  });
});

describe('encodeRemembered / decodeRemembered', () => {
  it('round-trips a password on the same origin and never stores it readable', () => {
    const value = encodeRemembered('hunter2!', 'https://trade.example');
    expect(value).not.toContain('hunter2');
    expect(value.startsWith('tk2:')).toBe(true);
    expect(decodeRemembered(value, 'https://trade.example')).toBe('hunter2!');
  });

  it('salts each encoding, so equal passwords do not look equal', () => {
    expect(encodeRemembered('same', 'o')).not.toBe(encodeRemembered('same', 'o'));
  });

  it.each([
    ['another origin', encodeRemembered('pw', 'https://a.example'), 'https://b.example'],
    ['a plain value', 'hunter2', 'https://a.example'],
    ['a corrupt value', 'tk2:not-base64', 'https://a.example'],
  ])('refuses %s', (_, value, origin) => {
    expect(() => decodeRemembered(value, origin)).toThrow(CodecError);
  });

  it('never decodes a value on another origin, over many salts', () => {
    // Without the marker about 1 in 200 of these decoded to garbage instead of throwing.
    for (let i = 0; i < 2000; i++) {
      const value = encodeRemembered('pw', 'https://a.example');
      expect(() => decodeRemembered(value, 'https://b.example')).toThrow(CodecError);
    }
  });
});

describe('loadCodec', () => {
  it('loads the codec module once', async () => {
    const [a, b] = await Promise.all([loadCodec(), loadCodec()]);
    expect(a).toBe(b);
    expect(a.encodeField).toBe(encodeField);
  });
});
