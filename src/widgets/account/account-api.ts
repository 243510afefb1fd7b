/**
 * The protected calls of <tk-account> (spec §7 plus the second-factor endpoints of issue #3). JSON calls go
 * through the page's API client; the profile form is multipart (avatar file + metaData JSON), which the
 * JSON client does not send, so it is posted here with the same envelope and session handling.
 */
import { clientFailure, envelopeResult, readEnvelope } from '../../core/api/response';
import { joinUrl } from '../../core/api/api-client';
import { Code } from '../../core/contract/codes';
import type { CallResult, Platform } from '../../core/runtime/types';

/** Paths under the web API base. */
export const AccountPath = {
  infoSubmit: '/waa/user/info/submit',
  passwordSubmit: '/waa/user/password/submit',
  bindEmail: '/waa/user/bind/email/submit',
  totpSetup: '/waa/user/totp/setup',
  totpEnable: '/waa/user/totp/enable',
  totpDisable: '/waa/user/totp/disable',
} as const;

/** `totp/setup` answer: the new secret and its otpauth:// URI for the QR code. */
export interface TotpSetup {
  secret: string;
  otpauthUri: string;
}

/** JSON POST of a protected path; failures come back as results (the widget shows them itself). */
export function callAccount<T>(platform: Platform, path: string, payload: Record<string, unknown> = {}) {
  return platform.api.call<T>('api', path, payload, { silent: true });
}

/** What the profile form needs besides the platform. */
export interface ProfileSubmit {
  nickname: string;
  avatar: File | null;
  token: string | null;
  locale: string;
  /** 401 or 23519: the session is over (the caller signs out and goes to login). */
  onUnauthorized: () => void;
  fetchImpl?: typeof fetch;
}

/** `user/info/submit` as multipart: `avatar` (optional file) and `metaData` = JSON `{ nickName, locale }`. */
export async function submitProfile(platform: Platform, input: ProfileSubmit): Promise<CallResult<unknown>> {
  const t = (key: string, vars?: Record<string, unknown>) => platform.i18n.t(key, vars ?? {});
  let base: string;
  try {
    base = (await platform.ready).services.api;
  } catch {
    return { ok: false, code: 'network', message: t('app.config_missing') };
  }
  const form = new FormData();
  if (input.avatar) form.append('avatar', input.avatar, input.avatar.name);
  form.append('metaData', JSON.stringify({ nickName: input.nickname.trim(), locale: input.locale }));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (input.token) headers.authorization = `Bearer ${input.token}`;
  try {
    const response = await (input.fetchImpl ?? globalThis.fetch)(joinUrl(base, AccountPath.infoSubmit), {
      method: 'POST',
      headers,
      body: form,
    });
    if (response.status === 401) input.onUnauthorized();
    if (response.status !== 200) return clientFailure('http', t);
    const envelope = readEnvelope(await response.json().catch(() => null));
    if (!envelope) return clientFailure('malformed', t);
    if (envelope.code === Code.LOGIN_REQUIRED) input.onUnauthorized();
    return envelopeResult(envelope, t);
  } catch {
    return clientFailure('network', t);
  }
}
