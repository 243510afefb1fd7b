/**
 * Turning an HTTP answer into a CallResult (spec §7 "Response handling"), kept apart from the transport so
 * the rules read in one place.
 */
import { Code } from '../contract/codes';
import type { Envelope } from '../contract/envelope';
import type { CallResult } from '../runtime/types';

/** The translate function the client is given (i18next `t` fits). */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** A failed CallResult. */
export type CallFailure = Extract<CallResult<unknown>, { ok: false }>;

/** Failure for a client-side kind (timeout, network, http, malformed) with its translated message. */
export function clientFailure(code: Exclude<CallFailure['code'], number>, t: Translate): CallFailure {
  const key = {
    timeout: 'error.timeout',
    network: 'error.network',
    http: 'error.server',
    malformed: 'error.api_constructor',
  }[code];
  return { ok: false, code, message: t(key) };
}

/**
 * The answer of a protected call that is not sent because no session is there to send it for (login required,
 * 23519, with its text). The caller learns what a server would have said; the page is not sent anywhere.
 */
export function noSession(t: Translate): CallFailure {
  return { ok: false, code: Code.LOGIN_REQUIRED, message: codeMessage(Code.LOGIN_REQUIRED, '', t) };
}

/**
 * The user-facing text of a nonzero code: the translation of `code.<n>`, else the server's own message,
 * else the generic text, followed by the code in brackets ("Login required (23519)").
 */
export function codeMessage(code: number, serverMessage: string, t: Translate): string {
  const key = `code.${code}`;
  const translated = t(key);
  // i18next answers the key itself when it has no translation.
  const text = translated && translated !== key ? translated : serverMessage || t('error.generic');
  return t('error.code', { message: text, code });
}

function toCode(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value);
  return null;
}

/**
 * Read a parsed JSON body as an envelope. `msg` and `message` are both accepted (the result always has
 * `msg`); an envelope without `code` but with data counts as success; a body with none of code, message
 * and data, or a code that is not a number, is malformed.
 */
export function readEnvelope(body: unknown): Envelope | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const hasMessage = 'msg' in b || 'message' in b;
  if (!('code' in b) && !hasMessage && !('data' in b)) return null;
  const code = 'code' in b ? toCode(b.code) : Code.OK;
  if (code === null) return null;
  const msg = typeof b.msg === 'string' ? b.msg : typeof b.message === 'string' ? b.message : '';
  return { ...b, code, msg, data: b.data };
}

/** The CallResult of an envelope: success for code 0, else a failure with the translated code message. */
export function envelopeResult<T>(envelope: Envelope, t: Translate): CallResult<T> {
  if (envelope.code === Code.OK)
    return { ok: true, data: envelope.data as T, envelope: envelope as Envelope<T> };
  return { ok: false, code: envelope.code, message: codeMessage(envelope.code, envelope.msg, t), envelope };
}
