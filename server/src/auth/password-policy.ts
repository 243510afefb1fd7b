/**
 * What a new password must pass (ASVS 6.2.4, 6.1.2, 6.2.11; docs/decisions.md SEC7, SEC8): spec §9's length,
 * not one of the 3,000 most common passwords that fit it, and no word of the product, its brands or the owner's
 * own name. A refusal is 1001 whose `msg` names the rule, never the password.
 */
import { passwordRefusal, type PasswordRule } from '../../../src/core/contract/auth';
import { Code } from '../../../src/core/contract/codes';
import { BusinessError } from '../http/envelope';
import { MAX_INPUT } from './identifiers';

/** Spec §9: "more than six characters", at most 140. */
export const PASSWORD_MIN = 7;
/** How many of the most common passwords that fit the length rule are refused (ASVS 6.2.4). */
export const COMMON_PASSWORDS = 3000;
/** The product's own name, beside the brands of the brand table. */
const PRODUCT_WORDS = ['tradekit'];
/** Shorter words (a brand id such as `fx`, an email `ann@…`) would refuse ordinary passwords. */
const WORD_MIN = 4;
/** The end of a phone number that identifies it: the subscriber part of any national plan. */
const PHONE_DIGITS = 7;

/**
 * Digits and symbols read as letters, so that `Tr4dek1t` is `tradekit`. `1`, `!`, `|` and `l` all read as
 * `i`: both sides are folded alike, so `1` matches whichever of `i` and `l` the word has.
 */
const LOOKALIKES: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '!': 'i',
  '|': 'i',
  l: 'i',
  '3': 'e',
  '4': 'a',
  '@': 'a',
  '5': 's',
  $: 's',
  '7': 't',
  '+': 't',
  '8': 'b',
  '9': 'g',
};
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** `text` lower-cased, look-alikes replaced, everything but letters and digits dropped: `Tr4de-K1t` → `tradekit`. */
export function foldWord(text: string): string {
  let folded = '';
  for (const char of text.normalize('NFKC').toLowerCase()) {
    const letter = LOOKALIKES[char] ?? char;
    if (LETTER_OR_DIGIT.test(letter)) folded += letter;
  }
  return folded;
}

/** Whom a new password is for: their email and/or phone number (E.164), as stored. */
export interface PasswordOwner {
  email?: string | null;
  phone?: string | null;
}

/** The context-specific words of one check: folded words, and the phone's last digits. */
export interface PasswordContext {
  words: readonly string[];
  digits: readonly string[];
}

/**
 * The words a password of `owner` may not contain: `tradekit`, each brand's id and display name, the owner's
 * email local part (4+ characters once folded) and the last 7 digits of their phone number.
 */
export function passwordContext(
  brands: readonly { id: string; name: string }[],
  owner: PasswordOwner,
): PasswordContext {
  const email = owner.email ?? '';
  const named = [...PRODUCT_WORDS, ...brands.flatMap((brand) => [brand.id, brand.name])];
  if (email.includes('@')) named.push(email.slice(0, email.lastIndexOf('@')));
  const words = [...new Set(named.map(foldWord))].filter((word) => word.length >= WORD_MIN);
  const phone = (owner.phone ?? '').replace(/\D/g, '');
  return { words, digits: phone.length >= PHONE_DIGITS ? [phone.slice(-PHONE_DIGITS)] : [] };
}

/** The rule `password` breaks among those that need no list: the length, then the context words. */
function localRuleBroken(password: string, context: PasswordContext): PasswordRule | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > MAX_INPUT) return 'length';
  const folded = foldWord(password);
  if (context.words.some((word) => folded.includes(word))) return 'context';
  // The digits as typed (separators dropped): folding would have turned them into letters.
  const plain = password.replace(/[^\p{L}\p{N}]/gu, '');
  return context.digits.some((digits) => plain.includes(digits)) ? 'context' : null;
}

let common: Promise<ReadonlySet<string>> | undefined;

/**
 * The 3,000 most common passwords of 7+ characters, in lower case: the head of zxcvbn-ts's `passwords-common`
 * (ordered by frequency in leaked password sets). Loaded at the first check, not at start: the package
 * decompresses 49,000 passwords, which only a new password needs. A failed load is tried again next time.
 */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(
        dictionary['passwords-common']
          .filter((password) => [...password].length >= PASSWORD_MIN)
          .slice(0, COMMON_PASSWORDS)
          .map((password) => password.toLowerCase()),
      ),
    (error: unknown) => {
      common = undefined;
      throw error;
    },
  );
  return common;
}

/** The rule a new password breaks, or null when it may be set (SEC7, SEC8). */
export async function brokenPasswordRule(
  password: string,
  context: PasswordContext,
): Promise<PasswordRule | null> {
  const local = localRuleBroken(password, context);
  if (local === 'length') return local;
  if ((await commonPasswords()).has(password.toLowerCase())) return 'common';
  return local;
}

/** Throws 1001 with `msg` "password: <rule>" unless `password` may be set as a new password. */
export async function assertPasswordPolicy(password: string, context: PasswordContext): Promise<void> {
  const rule = await brokenPasswordRule(password, context);
  if (rule) throw new BusinessError(Code.INCORRECT_PARAMETER, passwordRefusal(rule));
}
