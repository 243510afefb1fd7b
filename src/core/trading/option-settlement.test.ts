import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OptionOrder } from '../contract/options';
import type { CallResult, Platform } from '../runtime/types';
import { awaitOptionSettlement } from './option-settlement';
import type { OptionSettlement } from './option-settlement';

const settled = { uid: 'OP1', winLost: '85.00', priceEnd: '1.2' } as unknown as OptionOrder;
const ok = <T>(data: T): CallResult<T> => ({ ok: true, data, envelope: { code: 0, msg: '', data } });
const fail = (code: number | 'network'): CallResult<never> => ({ ok: false, code, message: 'failed' });

/** An api whose completion answers come from `completed(n)` for the n-th check (1-based). */
function fakeApi(completed: (n: number) => CallResult<unknown>, detail: CallResult<unknown> = ok(settled)) {
  const paths: string[] = [];
  let checks = 0;
  const api = {
    call: vi.fn(async (endpoint: { path: string }) => {
      paths.push(endpoint.path);
      if (endpoint.path.endsWith('checkOptionOrderCompletion')) return completed(++checks);
      return detail;
    }),
    onError: () => () => undefined,
  } as unknown as Platform['api'];
  return { platform: { api }, paths, checks: () => checks };
}

describe('awaitOptionSettlement', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks first after 1 s, then every 1.5 s, and fetches the detail once completed', async () => {
    const fake = fakeApi((n) => ok({ completed: n === 3 }));
    const results: OptionSettlement[] = [];
    awaitOptionSettlement(fake.platform, 'OP1', 40, (r) => results.push(r));
    await vi.advanceTimersByTimeAsync(999);
    expect(fake.checks()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.checks()).toBe(1);
    await vi.advanceTimersByTimeAsync(1499);
    expect(fake.checks()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.checks()).toBe(2);
    await vi.advanceTimersByTimeAsync(1500);
    expect(fake.checks()).toBe(3);
    expect(results).toEqual([{ kind: 'settled', order: settled }]);
    expect(fake.paths.at(-1)).toBe('waa/option/findOption');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.checks()).toBe(3);
  });

  it.each([40, 12])('gives up after %i unfinished checks', async (tries) => {
    const fake = fakeApi(() => ok({ completed: false }));
    const results: OptionSettlement[] = [];
    awaitOptionSettlement(fake.platform, 'OP1', tries, (r) => results.push(r));
    await vi.advanceTimersByTimeAsync(1000 + 1500 * (tries - 2));
    expect(fake.checks()).toBe(tries - 1);
    expect(results).toEqual([]);
    await vi.advanceTimersByTimeAsync(1500);
    expect(fake.checks()).toBe(tries);
    expect(results).toEqual([{ kind: 'failed' }]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.checks()).toBe(tries);
  });

  it('counts a failed check as a try and keeps going', async () => {
    const fake = fakeApi((n) => (n === 1 ? fail('network') : ok({ completed: true })));
    const results: OptionSettlement[] = [];
    awaitOptionSettlement(fake.platform, 'OP1', 40, (r) => results.push(r));
    await vi.advanceTimersByTimeAsync(2500);
    expect(results).toEqual([{ kind: 'settled', order: settled }]);
  });

  it('fails at once when the order does not exist (402)', async () => {
    const fake = fakeApi(() => fail(402));
    const results: OptionSettlement[] = [];
    awaitOptionSettlement(fake.platform, 'OP1', 40, (r) => results.push(r));
    await vi.advanceTimersByTimeAsync(1000);
    expect(results).toEqual([{ kind: 'failed' }]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.checks()).toBe(1);
  });

  it('fails when the settled order cannot be fetched', async () => {
    const fake = fakeApi(() => ok({ completed: true }), fail('network'));
    const results: OptionSettlement[] = [];
    awaitOptionSettlement(fake.platform, 'OP1', 40, (r) => results.push(r));
    await vi.advanceTimersByTimeAsync(1000);
    expect(results).toEqual([{ kind: 'failed' }]);
  });

  it('stops asking and never answers once stopped', async () => {
    const fake = fakeApi(() => ok({ completed: false }));
    const results: OptionSettlement[] = [];
    const stop = awaitOptionSettlement(fake.platform, 'OP1', 40, (r) => results.push(r));
    await vi.advanceTimersByTimeAsync(1000);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.checks()).toBe(1);
    expect(results).toEqual([]);
  });

  it('checks at once when a settlement push names the option, and stops listening when done', async () => {
    const fake = fakeApi((n) => ok({ completed: n === 2 }));
    const results: OptionSettlement[] = [];
    let push: (() => void) | null = null;
    let listening = false;
    awaitOptionSettlement(
      fake.platform,
      'OP1',
      40,
      (r) => results.push(r),
      (onPush) => {
        push = onPush;
        listening = true;
        return () => (listening = false);
      },
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.checks()).toBe(1);
    // The push comes 200 ms into the 1.5 s wait: the check does not wait for the rest.
    await vi.advanceTimersByTimeAsync(200);
    (push as unknown as () => void)();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.checks()).toBe(2);
    expect(results).toEqual([{ kind: 'settled', order: settled }]);
    expect(listening).toBe(false);
  });

  it('checks again right after a check that a push overtook', async () => {
    let release: (() => void) | null = null;
    let checks = 0;
    const api = {
      call: vi.fn(async (endpoint: { path: string }) => {
        if (!endpoint.path.endsWith('checkOptionOrderCompletion')) return ok(settled);
        checks += 1;
        if (checks === 1) {
          await new Promise<void>((resolve) => (release = resolve));
          return ok({ completed: false });
        }
        return ok({ completed: true });
      }),
      onError: () => () => undefined,
    } as unknown as Platform['api'];
    const results: OptionSettlement[] = [];
    let push: () => void = () => undefined;
    awaitOptionSettlement(
      { api },
      'OP1',
      40,
      (r) => results.push(r),
      (onPush) => {
        push = onPush;
        return () => undefined;
      },
    );
    await vi.advanceTimersByTimeAsync(1000);
    push();
    (release as unknown as () => void)();
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toBe(2);
    expect(results).toEqual([{ kind: 'settled', order: settled }]);
  });
});
