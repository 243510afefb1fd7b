import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { runMigrations } from '../db/migrate';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import type { Db } from '../db/types';
import { createRateLimiter, LONGEST_WINDOW_MS, type RateRule } from './rate-limit';
import { testClock } from './testing';

const RULE: RateRule = { bucket: 'test', max: 3, windowMs: 60_000 };

describeOnBackends('createRateLimiter', { on: 'postgres' }, (backend) => {
  let db: Db;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.create();
    db = database.databaseUrl ? await openPostgres(database.databaseUrl) : await openPglite('memory://');
    await runMigrations(db);
  });
  afterAll(async () => {
    await db?.close();
    await database?.cleanup();
  });

  const reserved = async (limiter: ReturnType<typeof createRateLimiter>, subject: string, rule = RULE) =>
    (await limiter.reserve(rule, subject)) !== null;

  it('admits max reservations within the window, per subject and bucket, and counts no refusal', async () => {
    const clock = testClock();
    const limiter = createRateLimiter(db, clock.now);
    for (let i = 0; i < 3; i++) expect(await reserved(limiter, 'a')).toBe(true);
    expect(await reserved(limiter, 'a')).toBe(false);
    expect(await reserved(limiter, 'b')).toBe(true);
    expect(await reserved(limiter, 'a', { ...RULE, bucket: 'other' })).toBe(true);
    clock.advance(60_000);
    // The refused fourth reservation did not extend the window.
    expect(await reserved(limiter, 'a')).toBe(true);
  });

  it('admits exactly max of 100 parallel reservations of one subject', async () => {
    const limiter = createRateLimiter(db, testClock().now);
    const results = await Promise.all(Array.from({ length: 100 }, () => reserved(limiter, 'parallel')));
    expect(results.filter(Boolean)).toHaveLength(3);
  });

  it('slides: each event leaves the window exactly windowMs after it happened', async () => {
    const clock = testClock();
    const limiter = createRateLimiter(db, clock.now);
    await limiter.reserve(RULE, 'slide');
    clock.advance(20_000);
    await limiter.reserve(RULE, 'slide');
    await limiter.reserve(RULE, 'slide');
    expect(await reserved(limiter, 'slide')).toBe(false);
    clock.advance(39_999);
    expect(await reserved(limiter, 'slide')).toBe(false);
    clock.advance(1);
    expect(await reserved(limiter, 'slide')).toBe(true);
    expect(await reserved(limiter, 'slide')).toBe(false);
    clock.advance(20_000);
    expect(await reserved(limiter, 'slide')).toBe(true);
  });

  it('makes room again when a reservation is released, once however often it is released', async () => {
    const clock = testClock();
    const limiter = createRateLimiter(db, clock.now);
    const first = await limiter.reserve(RULE, 'release');
    await limiter.reserve(RULE, 'release');
    await limiter.reserve(RULE, 'release');
    expect(await reserved(limiter, 'release')).toBe(false);
    await first?.release();
    await first?.release();
    expect(await reserved(limiter, 'release')).toBe(true);
    expect(await reserved(limiter, 'release')).toBe(false);
  });

  it('forgets a subject on reset', async () => {
    const limiter = createRateLimiter(db, testClock().now);
    for (let i = 0; i < 3; i++) await limiter.reserve(RULE, 'reset');
    await limiter.reset(RULE, 'reset');
    expect(await reserved(limiter, 'reset')).toBe(true);
  });

  it('sweeps windows whose last event is older than the longest window', async () => {
    const clock = testClock(Date.UTC(2030, 0, 1));
    const limiter = createRateLimiter(db, clock.now);
    await limiter.reserve(RULE, 'old');
    clock.advance(LONGEST_WINDOW_MS);
    await limiter.reserve(RULE, 'new');
    await limiter.sweep();
    const { rows } = await db.query<{ subject: string }>(
      'select subject from rate_limit_windows where last_at_ms >= $1',
      [Date.UTC(2030, 0, 1)],
    );
    expect(rows.map((row) => row.subject)).toEqual(['new']);
  });
});
