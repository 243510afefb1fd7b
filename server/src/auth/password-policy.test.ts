import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { passwordRuleOf } from '../../../src/core/contract/auth';
import {
  assertPasswordPolicy,
  brokenPasswordRule,
  COMMON_PASSWORDS,
  foldWord,
  passwordContext,
  PASSWORD_MIN,
} from './password-policy';

const BRANDS = [
  { id: 'tradekit', name: 'TradeKit' },
  { id: 'aurora', name: 'Aurora Markets' },
  { id: 'meridian', name: 'Meridian Options' },
];
const nobody = passwordContext(BRANDS, {});
/** The list as the policy reads it: the passwords of 7+ characters, most common first. */
const fitting = dictionary['passwords-common'].filter((password) => [...password].length >= PASSWORD_MIN);

describe('foldWord', () => {
  it.each([
    ['Tr4dek1t-2026', 'tradekit2o26'],
    ['TRADE KIT', 'tradekit'],
    ['4ur0r@', 'aurora'],
    ['$unsh1n3!', 'sunshinei'],
    ['M3r1d14n', 'meridian'],
    ['Meridian Options', 'meridianoptions'],
    ['l1!|i', 'iiiii'],
    ['john.smith+fx@', 'johnsmithtfxa'],
    ['Ｔｒａｄｅｋｉｔ', 'tradekit'],
  ])('folds %j to %j', (text, folded) => {
    expect(foldWord(text)).toBe(folded);
  });
});

describe('passwordContext', () => {
  it('takes "tradekit", every brand id and display name, the email local part and the last 7 phone digits', () => {
    expect(passwordContext(BRANDS, { email: 'Jo.Nathan@example.com', phone: '+8613812345678' })).toEqual({
      words: ['tradekit', 'aurora', 'auroramarkets', 'meridian', 'meridianoptions', 'jonathan'],
      digits: ['2345678'],
    });
  });

  it('refuses a display name unlike its id as one word, whatever spaces and case', async () => {
    const context = passwordContext([{ id: 'b2', name: 'Northwind Capital' }], {});
    expect(await brokenPasswordRule('n0rthw1nd CAPITAL 2026', context)).toBe('context');
    expect(await brokenPasswordRule('northwind-2026', context)).toBeNull();
  });

  it('leaves out words under 4 characters once folded, and phones under 7 digits', () => {
    expect(
      passwordContext([{ id: 'fx', name: 'F.X.' }], { email: 'a.n.n@example.com', phone: '+123' }),
    ).toEqual({ words: ['tradekit'], digits: [] });
  });
});

describe('brokenPasswordRule', () => {
  it('holds 3,000 common passwords of 7+ characters: the last of them is refused, the next one is not', async () => {
    expect(fitting.length).toBeGreaterThan(COMMON_PASSWORDS);
    expect(await brokenPasswordRule(fitting[COMMON_PASSWORDS - 1] as string, nobody)).toBe('common');
    expect(await brokenPasswordRule(fitting[COMMON_PASSWORDS] as string, nobody)).toBeNull();
  });

  it.each([
    ['a top-100 password', 'sunshine', 'common'],
    ['a top-100 password in other case', 'SunShine', 'common'],
    ['the password at rank 2,900 of those that fit the policy', 'denmark', 'common'],
    ['the same in capitals', 'DENMARK', 'common'],
    ['the password at rank 3,001', 'soccer10', null],
    ["the suites' shared password (rank ~13,700 of those that fit)", 'p4ssword', null],
    ['a common password under 7 characters: the length rule', '123456', 'length'],
    ['141 characters', 'x'.repeat(141), 'length'],
    ['140 characters', 'x'.repeat(140), null],
    ['the product name with substitutions', 'Tr4dek1t-2026', 'context'],
    ['a brand id', 'my-AURORA-pass', 'context'],
    ['a brand id inside its display name', 'Meridian 0pt1on$ rock', 'context'],
    ['the brand words split apart', 'trade-and-kite', null],
  ] as const)('judges %s (%j): %s', async (_name, password, rule) => {
    expect(await brokenPasswordRule(password, nobody)).toBe(rule);
  });

  it.each([
    ['own email local part', { email: 'jonathan.smith@example.com' }, 'J0nathan-Smith-99', 'context'],
    ['an email local part under 4 characters', { email: 'ann@example.com' }, 'ann-is-here-1', null],
    ["the last 7 digits of one's phone", { phone: '+8613812345678' }, 'key 234-5678 x', 'context'],
    ["one's whole phone number", { phone: '+8613812345678' }, '8613812345678', 'context'],
    ['six of its digits', { phone: '+8613812345678' }, 'pin-345678-pin', null],
    ["another person's email", { email: 'jonathan@example.com' }, 'maria-rose-7', null],
  ] as const)('judges %s', async (_name, owner, password, rule) => {
    expect(await brokenPasswordRule(password, passwordContext(BRANDS, owner))).toBe(rule);
  });
});

describe('assertPasswordPolicy', () => {
  it.each([
    ['six666', 'length'],
    ['Sunshine', 'common'],
    ['tradekit!', 'context'],
  ] as const)('refuses %j with 1001 naming the rule %s, and not the password', async (password, rule) => {
    const refusal = await assertPasswordPolicy(password, nobody).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 1001, message: `password: ${rule}` });
    expect(passwordRuleOf((refusal as Error).message)).toBe(rule);
  });

  it('lets a password through that breaks no rule', async () => {
    await expect(assertPasswordPolicy('correct horse battery', nobody)).resolves.toBeUndefined();
  });
});
