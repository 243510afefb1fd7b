/**
 * Where the tokens live in the default storage mode (decisions SC1–SC2): the access token in this page's
 * memory only, the refresh token nowhere a script can read (the server's HttpOnly cookie). Local storage keeps
 * only a hint — who is signed in, never a credential — so that a reload knows to restore the session and
 * other tabs follow a sign-in, a sign-out or a switch.
 * `createSessionTokenStore` picks this or the spec's local-storage store (`tokenStorage: 'spec'`, a
 * compatibility mode for brands whose backend hands out body refresh tokens) once the runtime config is known.
 */
import { StorageKey } from './storage';
import type { KeyValueStore } from './storage';
import { decodeTokenPayload } from './token-payload';
import { createTokenStore } from './token-store';
import type { StoredTokens, TokenStore } from './token-store';

/** `cookie` (default): memory and the HttpOnly cookie; `spec`: the §3 local-storage keys. */
export type TokenStorageMode = 'cookie' | 'spec';

/** What local storage says about the session of this origin in cookie mode. */
export interface SessionHint {
  uid: string | null;
  virtualStatus: string;
}

function readHint(kv: KeyValueStore): SessionHint | null {
  try {
    const parsed = JSON.parse(kv.get(StorageKey.sessionHint) ?? 'null') as Partial<SessionHint> | null;
    if (parsed && typeof parsed.virtualStatus === 'string')
      return { uid: typeof parsed.uid === 'string' ? parsed.uid : null, virtualStatus: parsed.virtualStatus };
  } catch {
    // Something else wrote the key: no hint.
  }
  return null;
}

/** A token store over one of the two modes; the mode is set once (null until then: no tokens). */
export interface SessionTokenStore extends TokenStore {
  mode(): TokenStorageMode | null;
  setMode(mode: TokenStorageMode): void;
  /** Cookie mode: the hint of a session of this origin (another tab's, or this page's before a reload). */
  hint(): SessionHint | null;
  /** Whether the page may hold a session it has not loaded yet (a hint, or spec-mode tokens). */
  mayRestore(): boolean;
  /** Cookie mode: forget this page's tokens but keep the hint (another tab changed the session). */
  forget(): void;
}

/** Tokens in memory, a hint in local storage. */
function createMemoryTokenStore(kv: KeyValueStore) {
  let memory: StoredTokens | null = null;
  return {
    read: () => memory,
    write(tokens: StoredTokens) {
      // A refresh token handed over by a backend is not kept: the cookie carries it (compat mode keeps it).
      memory = { ...tokens, refreshToken: null };
      const hint: SessionHint = {
        uid: decodeTokenPayload(tokens.token)?.uid ?? null,
        virtualStatus: tokens.virtualStatus,
      };
      const text = JSON.stringify(hint);
      if (kv.get(StorageKey.sessionHint) !== text) kv.set(StorageKey.sessionHint, text);
    },
    clear() {
      memory = null;
      kv.remove(StorageKey.sessionHint);
    },
    forget() {
      memory = null;
    },
  };
}

/** The page's token store: cookie mode or spec mode, decided by `setMode`. */
export function createSessionTokenStore(kv: KeyValueStore): SessionTokenStore {
  let mode: TokenStorageMode | null = null;
  const spec = createTokenStore(kv);
  const memory = createMemoryTokenStore(kv);
  return {
    mode: () => mode,
    setMode(next) {
      mode = next;
      if (next !== 'cookie') return;
      // Tokens and an encoded password an older version (or compat mode) left in local storage go: any
      // script of the page could read them.
      spec.clear();
      if (kv.get(StorageKey.rememberPassword) !== REMEMBER_FLAG) kv.remove(StorageKey.rememberPassword);
    },
    read: () => (mode === 'spec' ? spec.read() : mode === 'cookie' ? memory.read() : null),
    write(tokens) {
      if (mode === 'spec') spec.write(tokens);
      else memory.write(tokens);
    },
    clear() {
      memory.clear();
      spec.clear();
    },
    forget: () => memory.forget(),
    hint: () => (mode === 'cookie' ? readHint(kv) : null),
    mayRestore: () =>
      mode === 'spec'
        ? spec.read() !== null
        : readHint(kv) !== null || (mode === null && spec.read() !== null),
    watch(listener) {
      return kv.watch((key) => {
        if (key === null) return listener();
        if (mode === 'spec' && key === StorageKey.token) listener();
        if (mode === 'cookie' && key === StorageKey.sessionHint) listener();
      });
    },
  };
}

/**
 * The value of `rememberPassword` in cookie mode: "fill the password from the browser's credential store",
 * never the password itself.
 */
export const REMEMBER_FLAG = 'credential-store';
