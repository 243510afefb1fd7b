/**
 * Remembered account and remembered password (spec §2 Login, §3 local storage). The account is kept as
 * JSON `{type, value}`; the password is encoded with the field codec (loaded on demand) and offered only
 * where the device can keep it for this user: a secure context with persistent local storage. Where the
 * browser has a password manager API (PasswordCredential), the credential is also handed to it.
 */
import type { RegisterType } from '../contract/auth';
import { loadCodec } from '../codec/load';
import { StorageKey } from './storage';
import type { KeyValueStore } from './storage';

/** A remembered sign-in account: type E (email) or P (phone digits, country in the `country` key). */
export interface RememberedAccount {
  type: RegisterType;
  value: string;
}

/** What decides whether "remember password" is offered. */
export interface DeviceTraits {
  secureContext: boolean;
  persistentStorage: boolean;
}

/** spec §2: "remember password" only where the device supports it. */
export function canRememberPassword(traits: DeviceTraits): boolean {
  return traits.secureContext && traits.persistentStorage;
}

/** The traits of this page. */
export function deviceTraits(kv: KeyValueStore): DeviceTraits {
  return { secureContext: globalThis.isSecureContext === true, persistentStorage: kv.persistent() };
}

/** The remembered account, or null when none (or unreadable). */
export function readRememberedAccount(kv: KeyValueStore): RememberedAccount | null {
  try {
    const parsed = JSON.parse(kv.get(StorageKey.rememberAccount) ?? 'null') as Partial<RememberedAccount>;
    if ((parsed?.type === 'E' || parsed?.type === 'P') && typeof parsed.value === 'string' && parsed.value)
      return { type: parsed.type, value: parsed.value };
  } catch {
    // A value written by something else: treat as none.
  }
  return null;
}

/** Remember an account, or forget it with null. */
export function writeRememberedAccount(kv: KeyValueStore, account: RememberedAccount | null): void {
  if (account) kv.set(StorageKey.rememberAccount, JSON.stringify(account));
  else kv.remove(StorageKey.rememberAccount);
}

/** The remembered password, decoded; null when none or when it does not decode on this origin. */
export async function readRememberedPassword(kv: KeyValueStore, origin: string): Promise<string | null> {
  const value = kv.get(StorageKey.rememberPassword);
  if (!value) return null;
  const codec = await loadCodec();
  try {
    return codec.decodeRemembered(value, origin);
  } catch {
    kv.remove(StorageKey.rememberPassword);
    return null;
  }
}

/** Remember a password (encoded), or forget it with null. Never stores where it is not supported. */
export async function writeRememberedPassword(
  kv: KeyValueStore,
  origin: string,
  password: string | null,
): Promise<void> {
  if (password === null || !canRememberPassword(deviceTraits(kv))) {
    kv.remove(StorageKey.rememberPassword);
    return;
  }
  const codec = await loadCodec();
  kv.set(StorageKey.rememberPassword, codec.encodeRemembered(password, origin));
}

interface PasswordCredentialCtor {
  new (data: { id: string; password: string; name?: string }): Credential;
}

/**
 * Hand a credential to the browser's password manager where it has the API (browsers do not see forms in
 * a shadow root well enough to offer saving by themselves). Best effort: refusals are ignored.
 */
export async function offerToPasswordManager(id: string, password: string): Promise<boolean> {
  const Ctor = (globalThis as { PasswordCredential?: PasswordCredentialCtor }).PasswordCredential;
  const credentials = (globalThis.navigator as Navigator | undefined)?.credentials;
  if (!Ctor || !credentials?.store) return false;
  try {
    await credentials.store(new Ctor({ id, password }));
    return true;
  } catch {
    return false;
  }
}
