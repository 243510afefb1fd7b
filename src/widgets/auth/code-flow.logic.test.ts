import { describe, expect, it } from 'vitest';
import { Code } from '../../core/contract/codes';
import { codeFlowErrors, refusalOf, refusedPasswordError } from './code-flow.logic';
import type { CodeFlowErrors, Refusal } from './code-flow.logic';

describe('codeFlowErrors', () => {
  it.each<['register' | 'forgot', boolean, string, string, CodeFlowErrors]>([
    ['register', false, '123456', 'secret1', { code: null, password: null }],
    ['register', false, '12345', 'secret1', { code: 'form.wrong_verification_code', password: null }],
    ['register', false, '12345a', 'secret1', { code: 'form.wrong_verification_code', password: null }],
    ['forgot', false, '123456', 'short', { code: null, password: 'form.password_limit' }],
    ['forgot', false, '', '', { code: 'form.wrong_verification_code', password: 'form.password_limit' }],
    // Captcha mode: any non-blank text, not six digits.
    ['register', true, 'ab3', 'secret1', { code: null, password: null }],
    ['register', true, '  ', 'secret1', { code: 'form.p_t_verity_code', password: null }],
    ['register', true, '123456', '      x', { code: null, password: 'form.password_limit' }],
  ])('%s, captcha %j, code %j, password %j', (purpose, captchaMode, code, password, expected) => {
    expect(codeFlowErrors(purpose, captchaMode, code, password)).toEqual(expected);
  });
});

describe('refusalOf', () => {
  it.each<[boolean, unknown, Refusal]>([
    [true, Code.CAPTCHA_EXPIRED, 'reload-captcha'],
    [true, Code.CAPTCHA_INVALID, null],
    [true, Code.INVALID_VERIFICATION_CODE, null],
    [true, undefined, null],
    [false, Code.INVALID_VERIFICATION_CODE, 'clear-code'],
    [false, Code.VERIFICATION_CODE_INVALID, 'clear-code'],
    [false, Code.CAPTCHA_EXPIRED, 'clear-code'],
    [false, Code.CAPTCHA_INVALID, 'clear-code'],
    [false, Code.TOO_FREQUENT, null],
    [false, String(Code.INVALID_VERIFICATION_CODE), null],
    [false, undefined, null],
  ])('captcha mode %j, server code %j → %j', (captchaMode, code, expected) => {
    expect(refusalOf(captchaMode, code)).toBe(expected);
  });
});

describe('refusedPasswordError', () => {
  it.each<[unknown, unknown, string | null]>([
    [Code.INCORRECT_PARAMETER, 'password: common', 'auth.password_refused'],
    [Code.INCORRECT_PARAMETER, 'password: context', 'auth.password_refused'],
    [Code.INCORRECT_PARAMETER, 'password: length', 'form.password_limit'],
    [Code.INCORRECT_PARAMETER, 'password: other', null],
    [Code.INCORRECT_PARAMETER, 'incorrect parameter', null],
    [Code.INCORRECT_PARAMETER, undefined, null],
    [Code.INVALID_VERIFICATION_CODE, 'password: common', null],
  ])('server code %j with msg %j → %j', (code, msg, expected) => {
    expect(refusedPasswordError(code, msg)).toBe(expected);
  });
});
