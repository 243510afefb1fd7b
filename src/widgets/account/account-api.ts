/**
 * The protected calls of <tk-account> (spec §7 plus the second-factor endpoints of issue #3), all through the
 * page's API client; the profile form is the multipart endpoint (avatar file + metaData JSON).
 */
import type { DataOf, Endpoint, InputOf } from '../../core/contract/endpoint';
import { SubmitUserInfo } from '../../core/contract/users';
import type { CallResult, Platform } from '../../core/runtime/types';

export type { TotpSetup } from '../../core/contract/auth';

/** A protected call whose failures come back as results (the widget shows them itself). */
export function callAccount<E extends Endpoint>(
  platform: Platform,
  endpoint: E,
  input: InputOf<E>,
): Promise<CallResult<DataOf<E>>> {
  return platform.api.call(endpoint, input, { silent: true });
}

/** What the profile form sends. */
export interface ProfileSubmit {
  nickname: string;
  avatar: File | null;
  locale: string;
}

/**
 * `user/info/submit` as multipart: `avatar` (optional file) and `metaData` = JSON `{ nickName, locale }`. A 401
 * or 23519 ends the session through the client like every protected call.
 */
export function submitProfile(platform: Platform, input: ProfileSubmit): Promise<CallResult<null>> {
  return callAccount(platform, SubmitUserInfo, {
    ...(input.avatar ? { avatar: input.avatar } : {}),
    metaData: JSON.stringify({ nickName: input.nickname.trim(), locale: input.locale }),
  });
}
