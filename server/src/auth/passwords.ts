import { Code } from '../../../src/core/contract/codes';
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { BusinessError } from '../http/envelope';
import { MAX_INPUT } from './identifiers';

/** Spec §9: "more than six characters", at most 140. */
export const PASSWORD_MIN = 7;

/**
 * Argon2id with the library defaults (19 MiB, 2 passes, 1 lane: the OWASP baseline). An object, so that tests
 * can watch which calls run.
 */
export const passwordHasher = {
  hash: (password: string) => hash(password),
  verify: (passwordHash: string, password: string) => verify(passwordHash, password),
};

/** Throws 1001 unless `password` has 7 to 140 characters. */
export function assertPasswordPolicy(password: string): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > MAX_INPUT) throw new BusinessError(Code.INCORRECT_PARAMETER);
}

/** A hash of a random password, checked when the account does not exist so that both paths cost the same. */
export const makeDummyHash = () => passwordHasher.hash(randomBytes(16).toString('base64url'));
