/** `atClockTime`: a timer on the server's clock fires when a test moves the clock past it, or on real time. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { atClockTime, createTestClock, systemClock } from './clock';

afterEach(() => {
  vi.useRealTimers();
});

describe('atClockTime', () => {
  it('fires once when a test clock is moved to its time, not before', () => {
    const clock = createTestClock({ start: 1_000_000, frozen: true });
    const fired: number[] = [];
    atClockTime(clock, 1_000_000 + 7 * 86_400_000, () => fired.push(clock.now()));
    clock.advance(7 * 86_400_000 - 1);
    expect(fired).toEqual([]);
    clock.advance(1);
    clock.advance(5);
    expect(fired).toEqual([1_000_000 + 7 * 86_400_000]);
  });

  it('fires at once for a time already passed, and never once cancelled', () => {
    const clock = createTestClock({ start: 5000, frozen: true });
    const fired: string[] = [];
    atClockTime(clock, 4000, () => fired.push('past'));
    const cancel = atClockTime(clock, 6000, () => fired.push('cancelled'));
    cancel();
    clock.advance(10_000);
    expect(fired).toEqual(['past']);
  });

  it('waits on real time for a clock without moves, looking again at least daily', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fired: number[] = [];
    atClockTime(systemClock, Date.now() + 3 * 86_400_000, () => fired.push(1));
    vi.advanceTimersByTime(3 * 86_400_000 - 1);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([1]);
  });
});
