import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/pglite';
import { runMigrations } from '../db/migrate';
import type { Db } from '../db/types';
import { createRateLimiter, LONGEST_WINDOW_MS, type RateRule } from './rate-limit';
import { testClock } from './testing';

const RULE: RateRule = { bucket: 'test', max: 3, windowMs: 60_000 };

describe('createRateLimiter', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite('memory://');
    await runMigrations(db);
  });
  afterAll(() => db?.close());

  it('is exceeded after max events within the window, per subject', async () => {
    const clock = testClock();
    const limiter = createRateLimiter(db, clock.now);
    for (let i = 0; i < 3; i++) {
      expect(await limiter.exceeded(RULE, 'a')).toBe(false);
      await limiter.hit(RULE, 'a');
    }
    expect(await limiter.exceeded(RULE, 'a')).toBe(true);
    expect(await limiter.exceeded(RULE, 'b')).toBe(false);
    expect(await limiter.exceeded({ ...RULE, bucket: 'other' }, 'a')).toBe(false);
  });

  it('slides: each event leaves the window exactly windowMs after it happened', async () => {
    const clock = testClock();
    const limiter = createRateLimiter(db, clock.now);
    await limiter.hit(RULE, 'slide');
    clock.advance(20_000);
    await limiter.hit(RULE, 'slide');
    await limiter.hit(RULE, 'slide');
    expect(await limiter.exceeded(RULE, 'slide')).toBe(true);
    clock.advance(39_999);
    expect(await limiter.exceeded(RULE, 'slide')).toBe(true);
    clock.advance(1);
    expect(await limiter.exceeded(RULE, 'slide')).toBe(false);
    await limiter.hit(RULE, 'slide');
    expect(await limiter.exceeded(RULE, 'slide')).toBe(true);
    clock.advance(20_000);
    expect(await limiter.exceeded(RULE, 'slide')).toBe(false);
  });

  it('forgets a subject on reset', async () => {
    const limiter = createRateLimiter(db, testClock().now);
    for (let i = 0; i < 3; i++) await limiter.hit(RULE, 'reset');
    await limiter.reset(RULE, 'reset');
    expect(await limiter.exceeded(RULE, 'reset')).toBe(false);
  });

  it('sweeps rows older than the longest window', async () => {
    const clock = testClock(Date.UTC(2030, 0, 1));
    const limiter = createRateLimiter(db, clock.now);
    await limiter.hit(RULE, 'old');
    clock.advance(LONGEST_WINDOW_MS);
    await limiter.hit(RULE, 'new');
    await limiter.sweep();
    const { rows } = await db.query<{ subject: string }>(
      'select subject from rate_limit_hits where at_ms >= $1',
      [Date.UTC(2030, 0, 1)],
    );
    expect(rows.map((row) => row.subject)).toEqual(['new']);
  });
});
