/** Pure rules of the register and forgot form (code-flow-form.tsx): checking step 2, and a refused answer. */
import { passwordRuleOf } from '../../core/contract/auth';
import { Code } from '../../core/contract/codes';
import { captchaError, codeError, passwordError } from './auth.logic';

/** Server codes that mean the code or captcha was wrong or stale: clear it and ask again. */
const CODE_REFUSED = new Set<number>([
  Code.INVALID_VERIFICATION_CODE,
  Code.VERIFICATION_CODE_INVALID,
  Code.CAPTCHA_EXPIRED,
  Code.CAPTCHA_INVALID,
]);

/** The field errors of step 2: the code (or the image captcha's text) and the password. */
export interface CodeFlowErrors {
  code: string | null;
  password: string | null;
}

/** Step 2's errors before sending: `code` is the captcha's text in captcha mode, else the code boxes'. */
export function codeFlowErrors(
  purpose: 'register' | 'forgot',
  captchaMode: boolean,
  code: string,
  password: string,
): CodeFlowErrors {
  return {
    code: captchaMode ? captchaError(code) : codeError(code),
    password: passwordError(purpose, password),
  };
}

/** What a refused step 2 asks of the form: a new captcha image, empty code boxes, or nothing more. */
export type Refusal = 'reload-captcha' | 'clear-code' | null;

/** The form's answer to a refusal with server code `code` (the message is shown in every case). */
export function refusalOf(captchaMode: boolean, code: unknown): Refusal {
  if (captchaMode) return code === Code.CAPTCHA_EXPIRED ? 'reload-captcha' : null;
  return typeof code === 'number' && CODE_REFUSED.has(code) ? 'clear-code' : null;
}

/**
 * The password field's error key for a refused step 2 whose 1001 names a password rule (docs/decisions.md SEC7,
 * SEC8): the length text, or the common-or-context one; null for any other refusal.
 */
export function refusedPasswordError(code: unknown, msg: unknown): string | null {
  const rule = code === Code.INCORRECT_PARAMETER ? passwordRuleOf(msg) : null;
  if (rule === null) return null;
  return rule === 'length' ? 'form.password_limit' : 'auth.password_refused';
}
