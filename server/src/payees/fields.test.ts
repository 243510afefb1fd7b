import { describe, expect, it } from 'vitest';
import { checkPersonal, checkText, last4 } from './fields';

describe('payee fields', () => {
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
