/**
 * Failed trader sign-ins (decision SEC10, ASVS 6.1.1), on the operators' design (HA4–HA6): failures count per
 * (account, address) pair, so whoever knows a trader's email or phone exhausts only their own address's tries,
 * never the trader's; and per address across accounts (a spray from one address). The account's window across
 * addresses never refuses by itself: once it is full, each pair has one try per window, so a spread attack is
 * slowed to one guess per address. Above it, the account's ceiling refuses every address: a guess spread over
 * any number of addresses gets at most its count per window.
 */
import { Code } from '../../../src/core/contract/codes';
import { reserveWithin } from './context';
import { RATE_RULES, type RateLimiter, type Reservation } from './rate-limit';

/** The subject of the pair window: the account's `loginSubject` and the client address. */
const pairOf = (account: string, address: string) => `${account}|${address}`;

/**
 * Counts one sign-in attempt of `account` (its `loginSubject`) from `address` in every window before anything is
 * checked, or throws 1110 having counted nothing. The pair comes first, so that tries refused there never fill
 * the account's ceiling. The caller releases the reservation when the attempt turns out not to be a failure.
 */
export async function reserveLogin(
  limits: RateLimiter,
  account: string,
  address: string,
): Promise<Reservation> {
  const watch = await limits.reserve(RATE_RULES.loginAccount, account);
  const pairRule = watch ? RATE_RULES.loginPair : RATE_RULES.loginPairUnderAttack;
  try {
    const attempt = await reserveWithin(
      limits,
      [
        [pairRule, pairOf(account, address)],
        [RATE_RULES.loginIp, address],
        [RATE_RULES.loginAccountCeiling, account],
      ],
      Code.TOO_FREQUENT,
    );
    return {
      async release() {
        await attempt.release();
        await watch?.release();
      },
    };
  } catch (error) {
    // Refused before any check: not a failure of the account.
    await watch?.release();
    throw error;
  }
}

/**
 * A sign-in succeeded: its address's failures on the account are forgiven. The account's windows stay, so that a
 * trader signing in does not hand a running spread attack a fresh allowance.
 */
export async function forgiveAddress(limits: RateLimiter, account: string, address: string): Promise<void> {
  await limits.reset(RATE_RULES.loginPair, pairOf(account, address));
}

/**
 * The owner set a new password (`forgot` proved control of the address): the failures counted against the old
 * password say nothing about the new one, so the account's windows and the owner's pair start again.
 */
export async function forgiveAccount(limits: RateLimiter, account: string, address: string): Promise<void> {
  await forgiveAddress(limits, account, address);
  await limits.reset(RATE_RULES.loginAccount, account);
  await limits.reset(RATE_RULES.loginAccountCeiling, account);
}
