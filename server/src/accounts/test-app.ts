/** Test scaffolding for the accounts, ledger, users and admin suites: an app on a fresh database, users, sessions. */
import { randomBytes, randomInt } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import type { TestDatabase } from '../db/testing';
import type { Queryable } from '../db/types';
import { appStorage } from '../db/testing';
import { buildTestApp } from '../testing';
import { setPasswordHash } from '../users';

/** Admin token of every test app. */
export const ADMIN_TOKEN = 'accounts-test-admin-token';

/**
 * The whole app (without market and broker) on `database`, or on a fresh database of the run's cheapest engine
 * (`anyTestDatabase`) that closing the app drops.
 */
export async function buildAccountsApp(database?: TestDatabase): Promise<FastifyInstance> {
  const options = { adminToken: ADMIN_TOKEN, modules: { market: false, broker: false } } as const;
  const app = database
    ? await buildApp({ ...options, ...appStorage(database) })
    : await buildTestApp(options);
  await app.ready();
  return app;
}

/** A user created straight in the table (registration belongs to the auth module). */
export interface TestUser {
  id: string;
  uid: string;
  email: string | null;
  phone: string | null;
  password: string;
}

// Consecutive uids from a random start: random ones can repeat within a suite (the product retries, this
// direct insert would not).
let nextTestUid = randomInt(10_000_000, 90_000_000);

/**
 * A fixture user's password is stored as Argon2id at a fixture's cost, not the product's 19 MiB and two passes
 * (TR47): several hundred users per server run each cost a hash, and their sign-ins a verification. The
 * product's cost is asserted where the product hashes: registration, sign-in, the password change.
 */
const FIXTURE_HASH_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** Inserts a user (email-registered unless `registerType: 'P'`) with a real Argon2id password hash. */
export async function createUser(
  app: FastifyInstance,
  options: {
    brandId?: string;
    registerType?: 'E' | 'P';
    email?: string | null;
    nickname?: string;
    /** Identity-verified at the advanced level (default; the brands' withdrawals ask for it, KY2). */
    verified?: boolean;
  } = {},
): Promise<TestUser> {
  const registerType = options.registerType ?? 'E';
  const uid = String(nextTestUid++);
  const email =
    options.email !== undefined ? options.email : registerType === 'E' ? `u${uid}@example.test` : null;
  const phone = registerType === 'P' ? `+1555${uid.slice(-7)}` : null;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const { rows } = await app.db.query<{ id: string }>(
    `insert into users (uid, brand_id, email, phone, area_code, register_type, password_hash, nickname, invite_code)
     values ($1, $2, $3, $4, $5, $6, '!', $7, $8) returning id`,
    [
      uid,
      options.brandId ?? 'tradekit',
      email,
      phone,
      phone ? '1' : null,
      registerType,
      options.nickname ?? '',
      randomBytes(4).toString('hex').toUpperCase(),
    ],
  );
  const id = (rows[0] as { id: string }).id;
  await setPasswordHash(app.db, id, await hash(password, FIXTURE_HASH_COST));
  if (options.verified !== false) await verifyIdentity(app.db, id);
  return { id, uid, email, phone, password };
}

/**
 * Records an approved advanced verification for the user, as a compliance operator's approval would (the
 * suites of other features test withdrawals of verified users; the kyc suites create unverified ones).
 */
export async function verifyIdentity(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `insert into kyc_submissions (user_id, level, status, real_name, id_card, id_type, reviewed_at, reviewed_by)
     values ($1, 'advanced', 2, 'Test Trader', $2, 0, now(), 'test')`,
    [userId, `ID${userId}`],
  );
}

/** A new session's access token for the user (real account unless `virtual`). */
export async function signIn(app: FastifyInstance, userId: string, virtual = false): Promise<string> {
  return (await app.auth.issueSession(null, userId, { virtual })).token;
}

/** POST `url` with a JSON body and a bearer token. */
export function post(
  app: FastifyInstance,
  token: string | null,
  url: string,
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** An admin call. */
export function admin(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  body?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    ...(body ? { payload: body } : {}),
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
}
