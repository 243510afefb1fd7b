/** The session timers and rules of spec §4/§9 as pure functions. */
import type { SystemConfigResponse } from '../contract/types';

/** spec §9: the session is checked every 60 s. */
export const SESSION_CHECK_MS = 60_000;
/** spec §9: the token is refreshed when fewer than 5 minutes are left. */
export const REFRESH_BEFORE_MS = 5 * 60_000;

/** What one session check must do. */
export type SessionAction = 'none' | 'refresh' | 'expired' | 'virtualDisabled';

/** Inputs of one session check. */
export interface SessionFacts {
  now: number;
  /** Access-token expiry (ms); null when unknown. */
  expiresAt: number | null;
  virtual: boolean;
  /** VIRTUAL_CURRENCY_TRADE of the brand; null while the system config is not known. */
  virtualAllowed: boolean | null;
}

/**
 * spec §4 session check: a demo session while the brand has virtual trading off ends; an expired token is
 * `expired` (the session renews it with the refresh token once before logging out, see session.ts);
 * fewer than 5 minutes left asks for a refresh.
 */
export function sessionAction(facts: SessionFacts): SessionAction {
  if (facts.virtual && facts.virtualAllowed === false) return 'virtualDisabled';
  if (facts.expiresAt === null) return 'none';
  const left = facts.expiresAt - facts.now;
  if (left <= 0) return 'expired';
  return left < REFRESH_BEFORE_MS ? 'refresh' : 'none';
}

/** The brand's VIRTUAL_CURRENCY_TRADE switch; null when the system config (or the entry) is not known. */
export function virtualTradeAllowed(config: SystemConfigResponse | null): boolean | null {
  const entry = config?.systemConfigs.find((c) => c.name === 'VIRTUAL_CURRENCY_TRADE');
  return entry ? entry.enable : null;
}

/** Reasons a session ends; the host navigates by them (see SessionNavigation). */
export type LogoutReason =
  | 'user'
  | 'unauthorized'
  | 'refreshFailed'
  | 'expired'
  | 'userMissing'
  | 'tokenInvalid'
  | 'virtualDisabled'
  | 'elsewhere';

/**
 * Where the page goes after a session ended by itself (spec §7 response handling, §4 session check):
 * a rejected or revoked session asks to sign in again with the return path; expiry, a missing user, an
 * invalid exchange token and a disabled demo go home; the user's own logout and a logout in another tab
 * leave navigation to the widget that asked for it.
 */
export function logoutDestination(reason: LogoutReason): 'login' | 'home' | null {
  if (reason === 'unauthorized' || reason === 'refreshFailed') return 'login';
  if (reason === 'user') return null;
  return 'home';
}
