/**
 * Reuse of positive session checks for a moment. Every protected call checks its session in the database
 * (revoked, expired, user blocked); a trader's page makes several such calls a second (balance poll, order
 * ticket, positions), so a check that passed is reused for `SESSION_CHECK_TTL_MS`. Revocations made by this
 * process (logout, block, password change, refresh-token reuse) drop the user's entries at once and keep the
 * user out of the cache for one more TTL, so a check that read the database just before the revocation
 * committed is not stored. A revocation made by another process of the database reaches this one by the bus and
 * does the same (MP12); when the bus was cut the whole cache is dropped. One made straight in the database is
 * seen within one TTL. Failed checks are never stored. The token's signature and expiry are verified on every call.
 */
import type { RequestAuth } from './types';

/** How long a passed session check is reused, in ms of the monotonic clock. */
export const SESSION_CHECK_TTL_MS = 1000;
/** Most sessions remembered at once; the oldest entries go first. */
export const SESSION_CACHE_MAX = 10_000;

/** Passed session checks by access token. */
export interface SessionCache {
  /** The monotonic clock of the cache (pass its value to `put` as the start of a check). */
  now(): number;
  get(token: string): RequestAuth | null;
  /** Stores a check that started at `startedAt`, unless the user's sessions were revoked since then. */
  put(token: string, auth: RequestAuth, startedAt: number): void;
  /** Drops the user's entries and stores none of theirs for one TTL. */
  forget(userId: string): void;
  /** Drops every entry and stores none for one TTL (revocations may have been missed). */
  clear(): void;
}

/** A cache over `clock` (default `performance.now`). */
export function createSessionCache(
  clock: () => number = () => performance.now(),
  ttlMs = SESSION_CHECK_TTL_MS,
  max = SESSION_CACHE_MAX,
): SessionCache {
  const entries = new Map<string, { auth: RequestAuth; at: number }>();
  const revokedAt = new Map<string, number>();
  /** When everything was dropped: no check begun before it is stored, nor any for one TTL after. */
  let clearedAt = Number.NEGATIVE_INFINITY;

  const prune = (now: number) => {
    for (const [userId, at] of revokedAt) if (now - at >= ttlMs) revokedAt.delete(userId);
  };

  return {
    now: clock,
    get(token) {
      const entry = entries.get(token);
      if (!entry) return null;
      if (clock() - entry.at >= ttlMs) {
        entries.delete(token);
        return null;
      }
      return entry.auth;
    },
    put(token, auth, startedAt) {
      const now = clock();
      const revoked = revokedAt.get(auth.userId);
      if (revoked !== undefined && (revoked >= startedAt || now - revoked < ttlMs)) return;
      if (clearedAt >= startedAt || now - clearedAt < ttlMs) return;
      entries.delete(token);
      entries.set(token, { auth, at: now });
      // Map order is insertion order: the first entries are the oldest.
      for (const key of entries.keys()) {
        if (entries.size <= max) break;
        entries.delete(key);
      }
    },
    forget(userId) {
      const now = clock();
      prune(now);
      revokedAt.set(userId, now);
      for (const [token, entry] of entries) if (entry.auth.userId === userId) entries.delete(token);
    },
    clear() {
      clearedAt = clock();
      entries.clear();
    },
  };
}
