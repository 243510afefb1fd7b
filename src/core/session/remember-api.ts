/**
 * The session's `remember` object. In the default (cookie) mode a remembered password lives only in the
 * browser's credential store (Credential Management API); local storage keeps a flag, never the password
 * (decision SC5). The spec's encoded password in local storage is kept for `tokenStorage: 'spec'` only.
 */
import type { TokenStorageMode } from './memory-token-store';
import { REMEMBER_FLAG } from './memory-token-store';
import {
  canRememberPassword,
  deviceTraits,
  offerToPasswordManager,
  readRememberedAccount,
  readRememberedPassword,
  writeRememberedAccount,
  writeRememberedPassword,
} from './remember';
import type { SessionRemember } from './session-types';
import { StorageKey } from './storage';
import type { KeyValueStore } from './storage';

interface PasswordLike {
  type: string;
  id: string;
  password?: string;
}

/** The browser's credential store where it keeps passwords (Chromium's PasswordCredential); else null. */
function credentialStore(): CredentialsContainer | null {
  const credentials = (globalThis.navigator as Navigator | undefined)?.credentials;
  const hasPasswords =
    typeof (globalThis as { PasswordCredential?: unknown }).PasswordCredential === 'function';
  return globalThis.isSecureContext === true && hasPasswords && credentials?.get ? credentials : null;
}

/** Remembered sign-in data of one page origin. */
export function createRemember(
  storage: KeyValueStore,
  origin: string,
  mode: () => TokenStorageMode,
): SessionRemember {
  return {
    account: () => readRememberedAccount(storage),
    setAccount: (account) => writeRememberedAccount(storage, account),
    passwordSupported: () =>
      mode() === 'spec' ? canRememberPassword(deviceTraits(storage)) : credentialStore() !== null,
    async password() {
      if (mode() === 'spec') return readRememberedPassword(storage, origin);
      const store = credentialStore();
      if (!store || storage.get(StorageKey.rememberPassword) !== REMEMBER_FLAG) return null;
      try {
        const found = (await store.get({
          password: true,
          mediation: 'optional',
        } as CredentialRequestOptions)) as PasswordLike | null;
        const account = readRememberedAccount(storage);
        if (found?.type !== 'password' || typeof found.password !== 'string') return null;
        // Another account's saved password is not offered for the remembered one.
        return account === null || found.id.endsWith(account.value) ? found.password : null;
      } catch {
        return null;
      }
    },
    async setPassword(password, id) {
      if (mode() === 'spec') {
        await writeRememberedPassword(storage, origin, password);
        if (password !== null && id) await offerToPasswordManager(id, password);
        return;
      }
      if (password === null || !id || credentialStore() === null) {
        storage.remove(StorageKey.rememberPassword);
        await credentialStore()
          ?.preventSilentAccess?.()
          .catch(() => undefined);
        return;
      }
      if (await offerToPasswordManager(id, password)) storage.set(StorageKey.rememberPassword, REMEMBER_FLAG);
      else storage.remove(StorageKey.rememberPassword);
    },
  };
}
