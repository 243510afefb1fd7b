/**
 * The local-storage keys of spec §3 and the one safe key-value store every session module goes through.
 * Reads and writes never throw: where storage is blocked (privacy settings, some private modes) or full,
 * values live in memory for the life of the page, so signing in still works until the tab closes.
 */

/** Every §3 local-storage key, in one place. */
export const StorageKey = {
  token: 'token',
  refreshToken: 'refreshToken',
  tokenExpiresAt: 'tokenExpiresAt',
  virtualStatus: 'virtualStatus',
  language: 'language',
  theme: 'theme',
  rememberAccount: 'rememberAccount',
  rememberPassword: 'rememberPassword',
  country: 'country',
  tradeMode: 'tradeMode',
  /**
   * Not a credential: who is signed in on this origin (`{uid, virtualStatus}`), while the tokens themselves
   * live in memory and in the HttpOnly refresh cookie (decision SC2). Tells a reloaded page to restore the
   * session through the cookie and other tabs to follow a sign-in, sign-out or switch.
   */
  sessionHint: 'tkSession',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

/** A string store keyed by the §3 keys. */
export interface KeyValueStore {
  get(key: StorageKey): string | null;
  set(key: StorageKey, value: string): void;
  remove(key: StorageKey): void;
  /** True when values survive a reload (local storage is readable and writable). */
  persistent(): boolean;
  /** Called with the key when another tab of the same origin changed it (null: storage cleared). */
  watch(listener: (key: StorageKey | null) => void): () => void;
}

const KEYS = new Set<string>(Object.values(StorageKey));
const PROBE = 'tradekit.probe';

function probe(storage: Storage | null): boolean {
  if (!storage) return false;
  try {
    storage.setItem(PROBE, '1');
    storage.removeItem(PROBE);
    return true;
  } catch {
    return false;
  }
}

function defaultStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Reading the localStorage property itself throws when the browser blocks site data.
    return null;
  }
}

/** A store over `storage` (default: local storage), with an in-memory fallback when it is unusable. */
export function createKeyValueStore(
  storage: Storage | null = defaultStorage(),
  events: Pick<Window, 'addEventListener' | 'removeEventListener'> | null = typeof window === 'undefined'
    ? null
    : window,
): KeyValueStore {
  const usable = probe(storage);
  const memory = new Map<string, string>();

  return {
    get(key) {
      if (memory.has(key)) return memory.get(key) ?? null;
      if (!usable) return null;
      try {
        return storage!.getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        if (!usable) throw new Error('storage unavailable');
        storage!.setItem(key, value);
        memory.delete(key);
      } catch {
        memory.set(key, value);
      }
    },
    remove(key) {
      memory.delete(key);
      try {
        if (usable) storage!.removeItem(key);
      } catch {
        // Nothing stored there to remove.
      }
    },
    persistent: () => usable,
    watch(listener) {
      if (!events || !usable) return () => undefined;
      const onStorage = (event: StorageEvent) => {
        if (event.storageArea !== storage) return;
        if (event.key === null) listener(null);
        else if (KEYS.has(event.key)) listener(event.key as StorageKey);
      };
      events.addEventListener('storage', onStorage);
      return () => events.removeEventListener('storage', onStorage);
    },
  };
}
