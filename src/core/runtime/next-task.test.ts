import { afterEach, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(globalThis, 'scheduler');
});

it('resumes in a later task: a timer queued before it runs first (EK42)', async () => {
  vi.useFakeTimers();
  const order: string[] = [];
  setTimeout(() => order.push('queued task'), 0);
  // A microtask would resume before the queued timer; a later task resumes after it.
  const resumed = nextTask().then(() => order.push('after nextTask'));
  await Promise.resolve();
  expect(order).toEqual([]);
  await vi.runAllTimersAsync();
  await resumed;
  expect(order).toEqual(['queued task', 'after nextTask']);
});

it("takes the browser's scheduler.yield() where the page has one (EK42)", async () => {
  const yieldToBrowser = vi.fn(() => Promise.resolve());
  Object.defineProperty(globalThis, 'scheduler', { configurable: true, value: { yield: yieldToBrowser } });
  await nextTask();
  expect(yieldToBrowser).toHaveBeenCalledTimes(1);
});
