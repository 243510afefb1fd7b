/**
 * Where the session's tokens live. Everything that reads or writes tokens goes through TokenStore, so the
 * reference server can later move the refresh token into an HttpOnly cookie by changing only this module
 * (DESIGN.md pitfall): `refreshToken` may then be null and the refresh call relies on the cookie.
 */
import { StorageKey } from './storage';
import type { KeyValueStore } from './storage';

/** The tokens of one session (spec §3 keys token, refreshToken, tokenExpiresAt, virtualStatus). */
export interface StoredTokens {
  token: string;
  refreshToken: string | null;
  /** Access-token expiry, ms since epoch; null when unknown. */
  expiresAt: number | null;
  /** spec §3 virtualStatus: '0' real, anything else demo. */
  virtualStatus: string;
}

/** Persistence of the session's tokens. */
export interface TokenStore {
  read(): StoredTokens | null;
  write(tokens: StoredTokens): void;
  clear(): void;
  /** Called when another tab changed the tokens; returns unsubscribe. */
  watch(listener: () => void): () => void;
}

const TOKEN_KEYS = [
  StorageKey.token,
  StorageKey.refreshToken,
  StorageKey.tokenExpiresAt,
  StorageKey.virtualStatus,
] as const;

/** The tokens kept under the §3 local-storage keys. */
export function createTokenStore(kv: KeyValueStore): TokenStore {
  return {
    read() {
      const token = kv.get(StorageKey.token);
      if (!token) return null;
      const expiresAt = Number(kv.get(StorageKey.tokenExpiresAt));
      return {
        token,
        refreshToken: kv.get(StorageKey.refreshToken) || null,
        expiresAt: Number.isFinite(expiresAt) && expiresAt > 0 ? expiresAt : null,
        virtualStatus: kv.get(StorageKey.virtualStatus) ?? '0',
      };
    },
    write(tokens) {
      // The token goes last: a tab reading in between never sees a new token with an old expiry.
      if (tokens.refreshToken) kv.set(StorageKey.refreshToken, tokens.refreshToken);
      else kv.remove(StorageKey.refreshToken);
      if (tokens.expiresAt) kv.set(StorageKey.tokenExpiresAt, String(tokens.expiresAt));
      else kv.remove(StorageKey.tokenExpiresAt);
      kv.set(StorageKey.virtualStatus, tokens.virtualStatus);
      kv.set(StorageKey.token, tokens.token);
    },
    clear() {
      for (const key of TOKEN_KEYS) kv.remove(key);
    },
    watch(listener) {
      return kv.watch((key) => {
        if (key === null || key === StorageKey.token) listener();
      });
    },
  };
}
