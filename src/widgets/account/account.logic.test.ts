import { describe, expect, it } from 'vitest';
import type { SystemConfigResponse } from '../../core/contract/types';
import {
  balanceFigures,
  bindEmailState,
  canBindEmail,
  digitsOnly,
  isConfigOn,
  nicknameError,
  parseView,
  passwordChangeErrors,
  viewOfPath,
} from './account.logic';

const config = (entries: Record<string, boolean>): SystemConfigResponse => ({
  systemConfigs: Object.entries(entries).map(([name, enable]) => ({ name, enable })),
  walletType: 0,
});

describe('views and paths', () => {
  it.each([
    ['account', 'account'],
    ['security', 'security'],
    ['', 'menu'],
    [undefined, 'menu'],
    ['wallet', 'menu'],
  ])('reads the view attribute %j as %s', (value, view) => {
    expect(parseView(value)).toBe(view);
  });

  it.each([
    ['/user', 'menu'],
    ['/user/', 'menu'],
    ['/user/account?x=1', 'account'],
    ['/user/changepassword', 'changePassword'],
    ['/user/bindEmail', 'bindEmail'],
    ['/user/security', 'security'],
    ['/user/wallet', null],
    ['/login', null],
  ])('maps the path %s to the view %s', (path, view) => {
    expect(viewOfPath(path)).toBe(view);
  });
});

describe('configuration switches', () => {
  it('reads a switch as on only when listed and enabled', () => {
    const c = config({ VIRTUAL_CURRENCY_TRADE: true, 'user/privacy': false });
    expect(isConfigOn(c, 'VIRTUAL_CURRENCY_TRADE')).toBe(true);
    expect(isConfigOn(c, 'user/privacy')).toBe(false);
    expect(isConfigOn(c, 'user/bindEmail')).toBe(false);
    expect(isConfigOn(null, 'VIRTUAL_CURRENCY_TRADE')).toBe(false);
  });

  it.each([
    ['P', true, true],
    ['P', false, false],
    ['E', true, false],
  ] as const)('offers bind email to registerType %s with the switch %s: %s', (registerType, on, expected) => {
    expect(canBindEmail({ registerType }, config({ 'user/bindEmail': on }))).toBe(expected);
  });
});

describe('validation', () => {
  it.each([
    ['', 'form.p_t_nickname'],
    ['   ', 'form.p_t_nickname'],
    ['Trader Jo', null],
  ])('judges the nickname %j: %s', (value, error) => {
    expect(nicknameError(value)).toBe(error);
  });

  it.each([
    [{ oldPassword: 'secret1', newPassword: 'better12', repeat: 'better12' }, {}],
    [
      { oldPassword: 'short', newPassword: 'better12', repeat: 'better12' },
      { oldPassword: 'form.password_limit' },
    ],
    [
      { oldPassword: 'secret1', newPassword: 'six666', repeat: 'six666' },
      { newPassword: 'form.password_limit' },
    ],
    [
      { oldPassword: 'secret1', newPassword: 'better12', repeat: 'better13' },
      { repeat: 'form.password_mismatch' },
    ],
    [
      { oldPassword: '', newPassword: '', repeat: 'x' },
      {
        oldPassword: 'form.password_limit',
        newPassword: 'form.password_limit',
        repeat: 'form.password_mismatch',
      },
    ],
  ])('checks the password change %j', (form, errors) => {
    expect(passwordChangeErrors(form)).toEqual(errors);
  });

  it.each([
    ['', null, { error: null, canSubmit: false }],
    ['jo@example.com', null, { error: null, canSubmit: true }],
    [' jo@example.com ', null, { error: null, canSubmit: true }],
    ['jo@example', null, { error: 'form.wrong_email', canSubmit: false }],
    ['jo example@x.com', null, { error: 'form.wrong_email', canSubmit: false }],
    ['jo@example.com', 'jo@example.com', { error: null, canSubmit: false }],
    ['JO@example.com', 'jo@example.com', { error: null, canSubmit: false }],
    ['new@example.com', 'jo@example.com', { error: null, canSubmit: true }],
  ])('judges the email %j against the current %j', (value, current, expected) => {
    expect(bindEmailState(value, current)).toEqual(expected);
  });

  it.each([
    ['12a34 5', '12345'],
    ['1234567', '123456'],
    ['', ''],
  ])('keeps only the digits of %j', (value, expected) => {
    expect(digitsOnly(value)).toBe(expected);
  });
});

describe('balanceFigures', () => {
  it('shows balance plus locked margin as total and the balance as available, exactly', () => {
    expect(balanceFigures({ balanceAmount: '10000.10', lockMargin: '250.205' })).toEqual({
      total: '10,250.31',
      available: '10,000.10',
    });
    expect(balanceFigures({ balanceAmount: '0.1', lockMargin: '0.2' })).toEqual({
      total: '0.30',
      available: '0.10',
    });
  });

  it('shows dashes before the balance has loaded', () => {
    expect(balanceFigures(null)).toEqual({ total: '--', available: '--' });
  });
});
