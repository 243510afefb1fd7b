/** The session's `remember` object over the remembered-account and remembered-password functions. */
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
import type { KeyValueStore } from './storage';

/** Remembered sign-in data of one page origin. */
export function createRemember(storage: KeyValueStore, origin: string): SessionRemember {
  return {
    account: () => readRememberedAccount(storage),
    setAccount: (account) => writeRememberedAccount(storage, account),
    passwordSupported: () => canRememberPassword(deviceTraits(storage)),
    password: () => readRememberedPassword(storage, origin),
    async setPassword(password, id) {
      await writeRememberedPassword(storage, origin, password);
      if (password !== null && id) await offerToPasswordManager(id, password);
    },
  };
}
