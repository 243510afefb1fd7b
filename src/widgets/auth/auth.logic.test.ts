import { describe, expect, it } from 'vitest';
import type { RegisterType } from '../../core/contract/auth';
import type { SystemConfigResponse } from '../../core/contract/types';
import {
  accountError,
  accountTypes,
  captchaError,
  captchaSrc,
  captchaWait,
  codeError,
  isEmail,
  needsSecondFactor,
  parseView,
  passwordError,
  resolveAccount,
  phoneUsesCaptcha,
  returnPath,
  secondsLeft,
} from './auth.logic';
import type { FormKind } from './auth.logic';
import { backspace, codeOf, emptyBoxes, inputDigits, typedText } from './code-boxes.logic';
import { searchCountries } from '../_shared/phone/countries';
import { countryList, isKnownCountry, phoneDigits } from '../_shared/phone/phone';
import { forgotPayload, loginPayload, registerPayload, sendCodeCall } from './requests';
import { SendMail, SendPhone } from '../../core/contract/auth';

describe('parseView', () => {
  it.each([
    ['login', 'login'],
    ['register', 'register'],
    ['forgot', 'forgot'],
    [undefined, 'login'],
    ['REGISTER', 'login'],
  ])('reads %j as %s', (input, expected) => {
    expect(parseView(input)).toBe(expected);
  });
});

describe('needsSecondFactor', () => {
  it.each([
    [{ qrcodeStatus: 0, token: '' }, true],
    [{ qrcodeStatus: '0', token: null }, true],
    [{ qrcodeStatus: 1, token: 'a.b.c' }, false],
    [{ qrcodeStatus: 0, token: 'a.b.c' }, false],
    [null, false],
  ])('%j → %j', (answer, expected) => {
    expect(needsSecondFactor(answer)).toBe(expected);
  });
});

describe('isEmail', () => {
  it.each([
    ['ada@example.com', true],
    ['  ada.lovelace+fx@mail.example.co.uk ', true],
    ['ada@example', false],
    ['ada@@example.com', false],
    ['ada example@example.com', false],
    ['@example.com', false],
    [`${'a'.repeat(130)}@example.com`, false],
    ['', false],
  ])('%j → %j', (input, expected) => {
    expect(isEmail(input)).toBe(expected);
  });
});

describe('phoneDigits (sent without plus and spaces)', () => {
  it.each([
    ['151 2345 6789', 'DE', '4915123456789'],
    ['015123456789', 'DE', '4915123456789'],
    ['(201) 555-0123', 'US', '12015550123'],
    ['07400 123456', 'GB', '447400123456'],
    ['+4915123456789', 'DE', '4915123456789'],
    ['+4915123456789', 'US', null],
    ['12345', 'DE', null],
    ['2015550123', null, null],
    ['', 'DE', null],
  ])('%j in %s → %j', (national, country, expected) => {
    expect(phoneDigits(national, country)).toBe(expected);
  });
});

describe('accountError (spec §5)', () => {
  it.each<[FormKind, RegisterType, string, string | null, string | null]>([
    ['login', 'E', 'ada@example.com', null, null],
    ['login', 'E', 'ada@', null, 'form.p_t_username'],
    ['register', 'E', 'ada@', null, 'form.wrong_email'],
    ['forgot', 'E', '', null, 'form.wrong_email'],
    ['login', 'P', '151 2345 6789', 'DE', null],
    ['login', 'P', '123', 'DE', 'form.p_t_username'],
    ['register', 'P', '123', 'DE', 'form.wrong_phone_number'],
    ['forgot', 'P', '555 0123', 'GB', 'form.wrong_phone_number'],
    ['register', 'P', '151 2345 6789', null, 'auth.country_first'],
    ['login', 'P', '151 2345 6789', null, 'auth.country_first'],
  ])('%s with %s %j (country %s) → %j', (kind, type, value, country, expected) => {
    expect(accountError(kind, { type, value, country }, phoneDigits)).toBe(expected);
  });

  it('refuses a phone while the phone rules are not loaded', () => {
    expect(accountError('register', { type: 'P', value: '151 2345 6789', country: 'DE' }, null)).toBe(
      'form.wrong_phone_number',
    );
  });
});

describe('passwordError (spec §5, §9)', () => {
  it.each<[FormKind, string, string | null]>([
    ['login', '', 'form.p_t_password'],
    ['login', '   ', 'form.p_t_password'],
    ['login', 'x', null],
    ['register', '123456', 'form.password_limit'],
    ['register', '1234567', null],
    ['forgot', ' 123456 ', 'form.password_limit'],
    ['forgot', 'abcdefgh', null],
  ])('%s %j → %j', (kind, password, expected) => {
    expect(passwordError(kind, password)).toBe(expected);
  });
});

describe('codeError and captchaError', () => {
  it.each([
    ['123456', null],
    ['12345', 'form.wrong_verification_code'],
    ['1234567', 'form.wrong_verification_code'],
    ['12a456', 'form.wrong_verification_code'],
  ])('code %j → %j', (code, expected) => {
    expect(codeError(code)).toBe(expected);
  });

  it.each([
    ['x7Kp', null],
    ['  ', 'form.p_t_verity_code'],
  ])('captcha %j → %j', (text, expected) => {
    expect(captchaError(text)).toBe(expected);
  });
});

describe('brand switches', () => {
  const config = (...entries: Array<[string, boolean]>): SystemConfigResponse => ({
    systemConfigs: entries.map(([name, enable]) => ({ name, enable })),
    walletType: 0,
  });

  it.each([
    [true, ['P', 'E']],
    [false, ['E']],
  ])('PHONE_REGISTER %j offers %j, default first', (phone, expected) => {
    expect(accountTypes(phone)).toEqual(expected);
  });

  it.each([
    [true, ['E', 'P'], ['E', 'P']],
    [true, ['P', 'E'], ['P', 'E']],
    [true, ['E'], ['P', 'E']],
    [false, ['E', 'P'], ['E']],
  ] as const)('PHONE_REGISTER %j with brand registration types %j offers %j', (phone, brand, expected) => {
    expect(accountTypes(phone, brand)).toEqual(expected);
  });

  it.each([
    [null, false],
    [config(), false],
    [config(['PHONE_SMS_VERIFY', true]), false],
    [config(['PHONE_SMS_VERIFY', false]), true],
  ])('phone registration uses the captcha for %j: %j', (input, expected) => {
    expect(phoneUsesCaptcha(input)).toBe(expected);
  });
});

describe('timers', () => {
  it.each([
    [null, 0, 0],
    [60_000, 0, 60],
    [60_000, 59_001, 1],
    [60_000, 60_000, 0],
    [60_000, 90_000, 0],
  ])('resend until %j at %j: %j s left', (until, now, expected) => {
    expect(secondsLeft(until, now)).toBe(expected);
  });

  it.each([
    [null, 5_000, 0],
    [1_000, 1_500, 3],
    [1_000, 3_999, 1],
    [1_000, 4_000, 0],
  ])('captcha loaded at %j, asked at %j: wait %j s', (last, now, expected) => {
    expect(captchaWait(last, now)).toBe(expected);
  });
});

describe('returnPath', () => {
  it.each([
    ['/user', '/user'],
    ['%2Fuser%2Faccount', '/user/account'],
    ['/EURUSD/chart?x=1', '/EURUSD/chart?x=1'],
    ['', '/'],
    [null, '/'],
    ['https://evil.example/', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['%2F%2Fevil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['%E0%A4%A', '/'],
  ])('%j → %j', (to, expected) => {
    expect(returnPath(to)).toBe(expected);
  });
});

describe('captchaSrc', () => {
  it.each([
    ['data:image/png;base64,AAA', 'data:image/png;base64,AAA'],
    [
      '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"></svg>')}`,
    ],
    ['iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
  ])('%j → %j', (image, expected) => {
    expect(captchaSrc(image)).toBe(expected);
  });
});

describe('code boxes', () => {
  const boxes = (text: string) => text.split('').map((c) => (c === '_' ? '' : c));
  it.each([
    ['types a digit and moves on', '______', 0, '7', '7_____', 1],
    ['drops a letter and stays', '______', 2, 'a', '______', 2],
    ['pasting six digits fills every box from any box', '12____', 3, ' 987-654 ', '987654', 5],
    ['a longer paste keeps the first six digits', '______', 0, '1234567', '123456', 5],
    ['a shorter paste fills from the box', '______', 2, '12', '__12__', 4],
    ['the last box stays focused', '12345_', 5, '6', '123456', 5],
    ['replaces the digit of a filled box', '123456', 1, '9', '193456', 2],
  ])('%s', (_, before, index, text, after, focus) => {
    expect(inputDigits(boxes(before), index, text)).toEqual({ digits: boxes(after), focus });
  });

  it.each([
    ['clears a filled box and stays', '123___', 2, '12____', 2],
    ['on an empty box clears the previous one and moves back', '12____', 2, '1_____', 1],
    ['stays on the first box', '______', 0, '______', 0],
  ])('backspace %s', (_, before, index, after, focus) => {
    expect(backspace(boxes(before), index)).toEqual({ digits: boxes(after), focus });
  });

  it.each([
    ['', '7', '7'],
    ['3', '35', '5'],
    ['3', '53', '5'],
    ['3', '33', '3'],
    ['1', '123456', '123456'],
    ['4', '4', '4'],
  ])('a box holding %j that now reads %j was typed %j', (previous, raw, expected) => {
    expect(typedText(previous, raw)).toBe(expected);
  });

  it('joins the digits into the code', () => {
    expect(codeOf(inputDigits(emptyBoxes(), 0, '123456').digits)).toBe('123456');
  });
});

describe('countries', () => {
  const list = countryList('en');

  it('lists every region with its calling code, named and sorted in the language', () => {
    expect(list.length).toBeGreaterThan(200);
    expect(list.find((c) => c.code === 'DE')).toEqual({ code: 'DE', name: 'Germany', callingCode: '49' });
    expect(countryList('de').find((c) => c.code === 'DE')?.name).toBe('Deutschland');
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });

  it.each([
    ['germ', ['DE']],
    ['+44', ['GB', 'GG', 'IM', 'JE']],
    ['886', ['TW']],
    ['cote', ['CI']],
    ['jp', ['JP']],
  ])('search %j finds %j', (query, codes) => {
    expect(
      searchCountries(list, query)
        .map((c) => c.code)
        .sort(),
    ).toEqual([...codes].sort());
  });

  it.each([
    ['DE', true],
    ['XX', false],
    [null, false],
  ])('isKnownCountry(%j) is %j', (code, expected) => {
    expect(isKnownCountry(code)).toBe(expected);
  });
});

describe('request payloads', () => {
  const email = resolveAccount({ type: 'E', value: '  ada@example.com ', country: null }, phoneDigits);
  const phone = resolveAccount({ type: 'P', value: '151 2345 6789', country: 'DE' }, phoneDigits);

  it.each([
    [
      { type: 'E', value: ' a@b.co ', country: 'DE' },
      { type: 'E', username: 'a@b.co', country: null },
    ],
    [
      { type: 'P', value: '151 2345 6789', country: 'DE' },
      { type: 'P', username: '4915123456789', country: 'DE' },
    ],
    [
      { type: 'P', value: '123', country: 'DE' },
      { type: 'P', username: '', country: 'DE' },
    ],
  ] as const)('resolves %j to %j', (input, expected) => {
    expect(resolveAccount(input, phoneDigits)).toEqual(expected);
  });

  it.each([
    ['an email login', email, ' pw ', undefined, { username: 'ada@example.com', type: 'E', password: 'pw' }],
    ['a phone login', phone, 'pw', undefined, { username: '4915123456789', type: 'P', password: 'pw' }],
    [
      'the second-factor call',
      email,
      'pw',
      ' 123456',
      { username: 'ada@example.com', type: 'E', password: 'pw', command: 'verification', authCode: '123456' },
    ],
  ])('login: %s', (_, account, password, code, expected) => {
    expect(loginPayload(account, password, code)).toEqual(expected);
  });

  it.each([
    [
      email,
      'register',
      { endpoint: SendMail, payload: { email: 'ada@example.com', type: '1', locale: 'ja' } },
    ],
    [phone, 'forgot', { endpoint: SendPhone, payload: { phone: '4915123456789', type: '2', locale: 'ja' } }],
    [
      email,
      'registrationComplete',
      { endpoint: SendMail, payload: { email: 'ada@example.com', type: '4', locale: 'ja' } },
    ],
  ] as const)('send code %#', (account, purpose, expected) => {
    expect(sendCodeCall(account, purpose, 'ja')).toEqual(expected);
  });

  it('register by phone with the captcha carries its uuid and the country', () => {
    expect(
      registerPayload(phone, {
        password: ' secret1 ',
        code: ' x7Kp ',
        inviteCode: ' ',
        uuid: 'u-1',
        locale: 'en',
      }),
    ).toEqual({
      username: '4915123456789',
      type: 'P',
      password: 'secret1',
      inviteCode: '',
      code: 'x7Kp',
      locale: 'en',
      uuid: 'u-1',
      country: 'DE',
    });
  });

  it('forgot carries the account, the new password and the code', () => {
    expect(forgotPayload(email, 'newpass1', '123456')).toEqual({
      username: 'ada@example.com',
      type: 'E',
      password: 'newpass1',
      code: '123456',
    });
  });
});
