import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with the library defaults (19 MiB, 2 passes, 1 lane: the OWASP baseline). An object, so that tests
 * can watch which calls run.
 */
export const passwordHasher = {
  hash: (password: string) => hash(password),
  verify: (passwordHash: string, password: string) => verify(passwordHash, password),
};

/** A hash of a random password, checked when the account does not exist so that both paths cost the same. */
export const makeDummyHash = () => passwordHasher.hash(randomBytes(16).toString('base64url'));
