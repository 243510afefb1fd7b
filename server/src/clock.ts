/**
 * The server's one time source (issue #18). `buildApp({ clock })` decorates `app.clock` with it and every
 * module reads business time from there: order and option times, the 3-minute rule, expiries, codes,
 * sessions, rate-limit windows, stale-feed checks. Tests pass a `TestClock` and move it instead of waiting
 * out real time. Wall-time mechanics (socket heart-beats, backpressure, timers' own periods) stay on real
 * time: see docs/decisions.md CK2.
 */

/** The server's time source (ms since epoch). */
export interface Clock {
  now(): number;
}

/** Real time. */
export const systemClock: Clock = { now: () => Date.now() };

export interface TestClock extends Clock {
  /** Moves the clock forward by ms (never backwards); returns the new now. */
  advance(ms: number): number;
}

/**
 * Follows real time plus an offset moved by advance(); `frozen: true` stands still at `start` until advanced.
 * A following clock starting at `start` keeps the distance between `start` and real time at creation.
 * Both methods close over their state, so `clock.now` may be passed on unbound.
 */
export function createTestClock(options: { start?: number; frozen?: boolean } = {}): TestClock {
  const createdAt = Date.now();
  const start = options.start ?? createdAt;
  let offset = 0;
  const now = options.frozen ? () => start + offset : () => start + (Date.now() - createdAt) + offset;
  return {
    now,
    advance(ms) {
      if (!(Number.isFinite(ms) && ms >= 0)) {
        throw new RangeError(`a test clock only moves forward by a finite amount, got ${ms}`);
      }
      offset += ms;
      return now();
    },
  };
}
