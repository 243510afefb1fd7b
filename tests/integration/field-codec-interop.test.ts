// The server's field codec (node:crypto) and the browser's (crypto-js) read each other's values with the
// session key form the server issues (32 hex characters), and with the other key forms the browser accepts.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as browser from '../../src/core/codec/field-codec';
import * as server from '../../server/src/cashier/field-codec';

const KEYS = [
  randomBytes(16).toString('hex'),
  'abcdefghijklmnop',
  'abcdefghijklmnopqrstuvwx',
  randomBytes(24).toString('hex'),
  randomBytes(32).toString('hex'),
];
const VALUES = [
  'GB33 BUKB 2020 1555 5555 55',
  'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  'Zoë Ångström 张伟',
  'x',
  'y'.repeat(16),
];

describe('field codec: server and browser', () => {
  it.each(KEYS)('reads each other with key %s', (key) => {
    for (const value of VALUES) {
      expect(server.decodeField(browser.encodeField(value, key), key)).toBe(value);
      expect(browser.decodeField(server.encodeField(value, key), key)).toBe(value);
      expect(server.encodeField(value, key)).toBe(browser.encodeField(value, key));
    }
  });

  it('refuses another key, a changed value and non-Base64 on the server', () => {
    const key = KEYS[0] as string;
    const encoded = server.encodeField('12345678', key);
    expect(() => server.decodeField(encoded, randomBytes(16).toString('hex'))).toThrow(
      server.FieldCodecError,
    );
    expect(() => server.decodeField('not base64!', key)).toThrow(server.FieldCodecError);
    expect(() => server.decodeField('', key)).toThrow(server.FieldCodecError);
    expect(() => server.encodeField('x', 'short')).toThrow(server.FieldCodecError);
  });
});
