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
  /**
   * Test clocks: calls `listener` after each move made by the test (a move no real timer sees), so timers set
   * on the clock (`atClockTime`) fire when a test moves time past them. Answers the unsubscribe.
   */
  onAdvance?(listener: () => void): () => void;
}

/** A real timer waits at most this long before it looks at the clock again (setTimeout's range ends at ~24 days). */
const MAX_TIMER_WAIT_MS = 86_400_000;

/**
 * Calls `fn` once, when `clock` reads `at` or later: a real timer for the time left (looked at again at least
 * daily), and on every move of a test clock. Answers the cancel.
 */
export function atClockTime(clock: Clock, at: number, fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const check = (): void => {
    if (done) return;
    const left = at - clock.now();
    if (left <= 0) {
      cancel();
      fn();
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(check, Math.min(left, MAX_TIMER_WAIT_MS));
    timer.unref?.();
  };
  const off = clock.onAdvance?.(check);
  function cancel() {
    done = true;
    clearTimeout(timer);
    off?.();
  }
  check();
  return cancel;
}

/** The listeners of a test clock's moves. */
export function advanceListeners() {
  const listeners = new Set<() => void>();
  return {
    onAdvance(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify: () => {
      for (const listener of [...listeners]) listener();
    },
  };
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
  const moves = advanceListeners();
  return {
    now,
    onAdvance: moves.onAdvance,
    advance(ms) {
      if (!(Number.isFinite(ms) && ms >= 0)) {
        throw new RangeError(`a test clock only moves forward by a finite amount, got ${ms}`);
      }
      offset += ms;
      moves.notify();
      return now();
    },
  };
}
