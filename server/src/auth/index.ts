/**
 * The auth module's entry: what other modules use of it. Its other files are internal to it (lint rule
 * `layers/direction`); the app registers its plugin from `plugin.ts`.
 */
export { base32Decode } from './base32';
export { matchTotp, newTotpSecret, otpauthUri, totpAt } from './totp';
export { reserveWithin } from './context';
export { makeDummyHash, passwordHasher } from './passwords';
export type { PasswordOwner } from './password-policy';
export { createRateLimiter } from './rate-limit';
export { sweepUnderLease } from './cluster';
export type { RateLimiter, RateRule, Reservation } from './rate-limit';
export type { AuthService } from './service';
export type { AuthPluginOptions } from './plugin';
export { authenticateExchangeWith, authenticateWith, NOT_LOGGED_IN } from './authenticate';
export type { TokenCheck } from './authenticate';
export { parseEmail } from './identifiers';
