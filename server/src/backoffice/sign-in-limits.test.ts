/**
 * Issue #19 item 11 (decisions HA4–HA6): knowing an operator's email must not let anyone stop that operator
 * from signing in. Failures count per (email, address) pair and per address; the email's own counter across
 * addresses only tightens the pairs that already failed, never a clean address.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../accounts/test-app';
import { buildTestApp } from '../testing';
import { base32Decode, totpAt } from '../auth';
import { createTestClock, type TestClock } from '../clock';

/** The limits of decisions HA4–HA6: failures per (email, address) pair and per address in 15 minutes. */
const PAIR_MAX = 5;
const ADDRESS_MAX = 20;
/** Failures on one email, from any address, that make it "under attack". */
const ACCOUNT_HOT = 20;
const WINDOW_MS = 15 * 60_000;
const WRONG = 'wrong-password-123';
const TOO_FREQUENT = 1110;
const WRONG_CREDENTIALS = 1108;

let app: FastifyInstance;
let clock: TestClock;
let serial = 0;

interface Op {
  email: string;
  password: string;
  secret: string;
}

async function addOperator(): Promise<Op> {
  serial += 1;
  const email = `op${serial}@ops.example`;
  const password = `right-password-${serial}-0123`;
  const res = await app.inject({
    method: 'POST',
    url: '/admin/v1/operators',
    payload: { email, roles: ['support'], password },
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  return { email, password, secret: res.json().data.totpSecret as string };
}

/** Signs in from `ip`; a right attempt takes the next 30 s TOTP step (a code is accepted once). */
async function login(op: Op, ip: string, right: boolean): Promise<number> {
  if (right) clock.advance(30_000);
  const code = right ? totpAt(base32Decode(op.secret), clock.now()) : '000000';
  const res = await app.inject({
    method: 'POST',
    url: '/admin/v1/operators/login',
    payload: { email: op.email, password: right ? op.password : WRONG, code },
    remoteAddress: ip,
  });
  return res.json().code as number;
}

beforeAll(async () => {
  clock = createTestClock({ start: Date.UTC(2026, 0, 5, 9), frozen: true });
  app = await buildTestApp({ adminToken: ADMIN_TOKEN, modules: { market: false, broker: false }, clock });
  await app.ready();
}, 60_000);
afterAll(() => app?.close());

describe('operator sign-in limits', () => {
  it("an attacker's failures with the operator's email never stop the operator's own address", async () => {
    const op = await addOperator();
    for (let i = 0; i < 10; i += 1) {
      expect(await login(op, '203.0.113.9', false)).toBe(i < PAIR_MAX ? WRONG_CREDENTIALS : TOO_FREQUENT);
    }
    // The attacker's address is out for this email, even with the right answers.
    expect(await login(op, '203.0.113.9', true)).toBe(TOO_FREQUENT);
    expect(await login(op, '198.51.100.7', true)).toBe(0);
  });

  it('limits one address across emails, not the addresses behind others', async () => {
    const ops = await Promise.all(Array.from({ length: 5 }, () => addOperator()));
    let failures = 0;
    for (const op of ops) {
      for (let i = 0; i < 4; i += 1) {
        expect(await login(op, '203.0.113.20', false)).toBe(WRONG_CREDENTIALS);
        failures += 1;
      }
    }
    expect(failures).toBe(ADDRESS_MAX);
    const fresh = await addOperator();
    expect(await login(fresh, '203.0.113.20', false)).toBe(TOO_FREQUENT);
    expect(await login(fresh, '198.51.100.8', true)).toBe(0);
  });

  it('a spread attack on one email leaves each failed address one try, and a clean address signs in', async () => {
    const op = await addOperator();
    for (let i = 0; i < ACCOUNT_HOT; i += 1) {
      expect(await login(op, `203.0.114.${i}`, false)).toBe(WRONG_CREDENTIALS);
    }
    // The email is under attack: an address that failed on it has used its one try…
    expect(await login(op, '203.0.114.0', false)).toBe(TOO_FREQUENT);
    // …but the operator's own address, clean, is never slowed.
    expect(await login(op, '198.51.100.9', true)).toBe(0);
  });

  it('forgets failures when the window has passed', async () => {
    const op = await addOperator();
    for (let i = 0; i < PAIR_MAX; i += 1) await login(op, '203.0.113.30', false);
    expect(await login(op, '203.0.113.30', false)).toBe(TOO_FREQUENT);
    clock.advance(WINDOW_MS);
    expect(await login(op, '203.0.113.30', true)).toBe(0);
  });
});
