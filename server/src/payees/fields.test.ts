import { describe, expect, it } from 'vitest';
import { addressFits, addressKey, checkPersonal, checkText, last4 } from './fields';

describe('payee fields', () => {
  it.each([
    ['TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', true],
    ['TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS', false],
    ['TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS0', false],
    ['TRC20', '0x52908400098527886E0F7030069857D2E4169EE7', false],
    ['ERC20', '0x52908400098527886E0F7030069857D2E4169EE7', true],
    ['ERC20', '0x52908400098527886E0F7030069857D2E4169EE', false],
    ['ERC20', '52908400098527886E0F7030069857D2E4169EE7ab', false],
    ['ERC20', '0x52908400098527886E0F7030069857D2E4169EEG', false],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', true],
    ['BTC', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ', true],
    ['BTC', 'bc1Qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', false],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb', false],
    ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', true],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true],
    ['BTC', '0J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', false],
    ['SOL', 'So11111111111111111111111111111111111111112', true],
    ['SOL', 'short', false],
    ['SOL', 'bad address with spaces', false],
  ])('%s %s → %s', (protocol, address, fits) => {
    expect(addressFits(protocol, address)).toBe(fits);
  });

  it('finds hex and bech32 duplicates whatever the case, base58 as written', () => {
    expect(addressKey('ERC20', '0xABCdef')).toBe('0xabcdef');
    expect(addressKey('BTC', 'BC1QAR0')).toBe('bc1qar0');
    expect(addressKey('BTC', '1BvBMSE')).toBe('1BvBMSE');
    expect(addressKey('TRC20', 'TQn9Y2')).toBe('TQn9Y2');
  });

  it.each([
    ['  Barclays ', 100, true, { ok: true, value: 'Barclays' }],
    ['   ', 100, true, { ok: false, code: 1001 }],
    ['', 100, false, { ok: true, value: '' }],
    ['x'.repeat(101), 100, false, { ok: false, code: 1001 }],
    ['a<b', 100, false, { ok: false, code: 23558 }],
    ['a\u0007b', 100, false, { ok: false, code: 23558 }],
    ["O'Brien & Sons", 100, false, { ok: true, value: "O'Brien & Sons" }],
  ] as const)('checkText(%j, %i, %s)', (value, max, required, expected) => {
    expect(checkText(value, max, required)).toEqual(expected);
  });

  it('checks personal fields by kind', () => {
    expect(checkPersonal('account', 'GB33 BUKB-2020')).toEqual({ ok: true, value: 'GB33 BUKB-2020' });
    expect(checkPersonal('account', '1234.5678')).toEqual({ ok: false, code: 23558 });
    expect(checkPersonal('account', '')).toEqual({ ok: false, code: 1001 });
    expect(checkPersonal('phoneNumber', '+1 (555) 010-0200')).toEqual({
      ok: true,
      value: '+1 (555) 010-0200',
    });
    expect(checkPersonal('phoneNumber', '+1 555 call')).toEqual({ ok: false, code: 23558 });
    expect(checkPersonal('idNumber', '')).toEqual({ ok: true, value: '' });
    expect(checkPersonal('name', 'x'.repeat(101))).toEqual({ ok: false, code: 1001 });
  });

  it('keeps the last 4 letters or digits of an account', () => {
    expect(last4('GB33 BUKB 2020 1555 5555 55')).toBe('5555');
    expect(last4('12-34')).toBe('1234');
    expect(last4('12')).toBe('12');
  });
});
