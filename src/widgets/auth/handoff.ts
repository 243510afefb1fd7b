/**
 * What one auth screen leaves for the next when the page navigates between them (the host mounts a new
 * <tk-auth> per route): after register or reset, the login screen shows the account prefilled and a notice.
 * Kept per platform in memory only — never in the URL or in storage.
 */
import type { Platform } from '../../core/runtime/types';
import type { AccountInput } from './auth.logic';

/** The account to prefill on login and the notice key to show. */
export interface LoginHandoff {
  account: AccountInput;
  notice: string;
}

const pending = new WeakMap<Platform, LoginHandoff>();

/** Leave a handoff for the next login screen of this platform. */
export function leaveLoginHandoff(platform: Platform, handoff: LoginHandoff): void {
  pending.set(platform, handoff);
}

/** Take (and clear) the handoff, if any. */
export function takeLoginHandoff(platform: Platform): LoginHandoff | null {
  const handoff = pending.get(platform) ?? null;
  pending.delete(platform);
  return handoff;
}
