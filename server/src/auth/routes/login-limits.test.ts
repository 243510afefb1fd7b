/**
 * ASVS 6.1.1 (decision SEC10): failed trader sign-ins count per (account, address) pair, per address, and per
 * account from every address — the last only tightens the pairs until its ceiling, so that knowing a trader's
 * email lets nobody keep the trader out from a clean address, while a guess spread over many addresses stays
 * capped. PostgreSQL only: the parallel cases are races that PGlite's one connection cannot run.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '../../../../src/core/contract/auth';
import { describeOnBackends } from '../../db/testing';
import { passwordHasher } from '../passwords';
import { RATE_RULES } from '../rate-limit';
import { authHarness, type AuthHarness } from '../testing';

const LOGIN = '/v1/wa-na/login';
const WINDOW_MS = 15 * 60_000;
const PAIR_MAX = RATE_RULES.loginPair.max;
const ACCOUNT_HOT = RATE_RULES.loginAccount.max;
const CEILING = RATE_RULES.loginAccountCeiling.max;

describeOnBackends('identity: sign-in limits (ASVS 6.1.1)', { on: 'postgres' }, (backend) => {
  let h: AuthHarness;
  let ipSeq = 0;
  /** A client address never used before in the suite. */
  const ip = () => `10.12.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  beforeAll(async () => {
    h = await authHarness(backend);
  });
  afterAll(() => h?.close());

  const login = async (username: string, password: string, from: string) =>
    (await h.post<LoginResponse>(LOGIN, { username, type: 'E', password }, { ip: from })).code;

  /** Runs `work` while every password check is a quick failure (the rules count, the hashing is not tested). */
  async function withFailingChecks<T>(work: () => Promise<T>): Promise<{ result: T; checks: number }> {
    const verify = vi.spyOn(passwordHasher, 'verify').mockResolvedValue(false);
    try {
      const result = await work();
      return { result, checks: verify.mock.calls.length };
    } finally {
      verify.mockRestore();
    }
  }

  /** Fails `count` times on `email`, each time from a new address: a guess spread over many addresses. */
  const spreadFailures = (email: string, count: number) =>
    withFailingChecks(async () => {
      const codes: number[] = [];
      for (let i = 0; i < count; i++) codes.push(await login(email, `guess-${i}`, ip()));
      return codes;
    });

  describe('POST /v1/wa-na/login', () => {
    it('answers 1110 to an address after 5 failures on one account, without checking, until 15 minutes pass', async () => {
      await h.registerEmail('target@example.com', 'p4ssword', { ip: ip() });
      const attacker = ip();
      for (let i = 0; i < PAIR_MAX; i++)
        expect(await login('target@example.com', `guess-${i}`, attacker)).toBe(1108);
      const verify = vi.spyOn(passwordHasher, 'verify');
      expect(await login('target@example.com', 'p4ssword', attacker)).toBe(1110);
      expect(verify).not.toHaveBeenCalled();
      verify.mockRestore();
      // The owner, from their own address, signs in all the while.
      expect(await login('target@example.com', 'p4ssword', ip())).toBe(0);
      h.clock.advance(WINDOW_MS);
      expect(await login('target@example.com', 'p4ssword', attacker)).toBe(0);
    });

    it('counts failures for unknown accounts too, so the answer never tells whether an account exists', async () => {
      const from = ip();
      for (let i = 0; i < PAIR_MAX; i++) expect(await login('ghost@example.com', 'guess', from)).toBe(1108);
      expect(await login('ghost@example.com', 'guess', from)).toBe(1110);
      const { result } = await spreadFailures('ghost2@example.com', CEILING);
      expect(result.every((code) => code === 1108)).toBe(true);
      expect(await login('ghost2@example.com', 'guess', ip())).toBe(1110);
    });

    it('forgets the failures of its address on the account when it signs in', async () => {
      const from = ip();
      await h.registerEmail('forgiven@example.com', 'p4ssword', { ip: from });
      for (let i = 0; i < PAIR_MAX - 1; i++) await login('forgiven@example.com', 'guess', from);
      expect(await login('forgiven@example.com', 'p4ssword', from)).toBe(0);
      for (let i = 0; i < PAIR_MAX - 1; i++)
        expect(await login('forgiven@example.com', 'guess', from)).toBe(1108);
    });

    it('answers 1110 after 20 failures from one IP within 15 minutes, whatever the accounts', async () => {
      const from = ip();
      for (let i = 0; i < 20; i++) expect(await login(`spray${i}@example.com`, 'guess', from)).toBe(1108);
      expect(await login('spray20@example.com', 'guess', from)).toBe(1110);
      h.clock.advance(WINDOW_MS);
      expect(await login('spray20@example.com', 'guess', from)).toBe(1108);
    });

    it('leaves each address one try once the account has 20 failures from anywhere; a clean address still signs in', async () => {
      await h.registerEmail('hot@example.com', 'p4ssword', { ip: ip() });
      const { result } = await spreadFailures('hot@example.com', ACCOUNT_HOT);
      expect(result.every((code) => code === 1108)).toBe(true);
      // The account is under attack: an address that fails on it has had its one try for the window…
      const fresh = ip();
      expect(await login('hot@example.com', 'guess', fresh)).toBe(1108);
      expect(await login('hot@example.com', 'p4ssword', fresh)).toBe(1110);
      // …while a clean address is checked as always, and the owner signs in.
      expect(await login('hot@example.com', 'p4ssword', ip())).toBe(0);
    });

    it('refuses every address, unchecked, after 50 failures on one account within 15 minutes, until they age out', async () => {
      await h.registerEmail('capped@example.com', 'p4ssword', { ip: ip() });
      const { result } = await spreadFailures('capped@example.com', CEILING);
      expect(result.every((code) => code === 1108)).toBe(true);
      const verify = vi.spyOn(passwordHasher, 'verify');
      expect(await login('capped@example.com', 'guess', ip())).toBe(1110);
      expect(await login('capped@example.com', 'p4ssword', ip())).toBe(1110);
      expect(verify).not.toHaveBeenCalled();
      verify.mockRestore();
      h.clock.advance(WINDOW_MS);
      expect(await login('capped@example.com', 'p4ssword', ip())).toBe(0);
    });

    it('gives the owner every window back when they set a new password with forgot', async () => {
      const home = ip();
      await h.registerEmail('reset@example.com', 'p4ssword', { ip: home });
      for (let i = 0; i < PAIR_MAX; i++) await login('reset@example.com', 'guess', home);
      await spreadFailures('reset@example.com', CEILING - PAIR_MAX);
      expect(await login('reset@example.com', 'p4ssword', home)).toBe(1110);
      expect(await login('reset@example.com', 'p4ssword', ip())).toBe(1110);
      await h.post(
        '/v1/wa-na/sendMail',
        { email: 'reset@example.com', type: '2', locale: 'en' },
        { ip: home },
      );
      const code = h.lastCode('reset@example.com');
      const forgot = { username: 'reset@example.com', type: 'E', password: 'n3w-password', code };
      expect((await h.post('/v1/wa-na/forgot', forgot, { ip: home })).code).toBe(0);
      expect(await login('reset@example.com', 'n3w-password', home)).toBe(0);
    });

    it('checks exactly 5 of 100 parallel wrong passwords from one address on one account; the rest are 1110 unchecked', async () => {
      await h.registerEmail('stormed@example.com', 'p4ssword', { ip: ip() });
      const from = ip();
      const verify = vi.spyOn(passwordHasher, 'verify');
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) => login('stormed@example.com', `guess-${i}`, from)),
      );
      const checks = verify.mock.calls.length;
      verify.mockRestore();
      expect(checks).toBe(PAIR_MAX);
      expect(results.filter((code) => code === 1108)).toHaveLength(checks);
      expect(results.filter((code) => code === 1110)).toHaveLength(100 - checks);
    });

    it('checks exactly 50 of 120 parallel wrong passwords for one account from 120 addresses', async () => {
      await h.registerEmail('swarmed@example.com', 'p4ssword', { ip: ip() });
      const addresses = Array.from({ length: 120 }, () => ip());
      const { result, checks } = await withFailingChecks(() =>
        Promise.all(addresses.map((from, i) => login('swarmed@example.com', `guess-${i}`, from))),
      );
      expect(checks).toBe(CEILING);
      expect(result.filter((code) => code === 1108)).toHaveLength(CEILING);
      expect(result.filter((code) => code === 1110)).toHaveLength(120 - CEILING);
    });

    it('checks at most 20 of 40 parallel wrong logins to 40 accounts from one IP', async () => {
      const from = ip();
      const verify = vi.spyOn(passwordHasher, 'verify');
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => login(`swarm${i}@example.com`, 'guess', from)),
      );
      const checks = verify.mock.calls.length;
      verify.mockRestore();
      expect(checks).toBeLessThanOrEqual(20);
      expect(results.filter((code) => code === 1108)).toHaveLength(checks);
      expect(results.filter((code) => code === 1110)).toHaveLength(40 - checks);
    });
  });
});
