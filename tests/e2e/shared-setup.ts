// The browser files run in two vitest projects (vitest.config.ts: `e2e`, two files at a time, then
// `e2e-serial`, one at a time) that must share one platform and one Chromium. Vitest runs a global setup once
// per project, in its own process, so each setup keeps what it started on `globalThis` under a key and counts its
// users: the second project reuses the first one's, and the last teardown stops it (TR14 in docs/decisions.md).

interface Shared<T> {
  started: Promise<T>;
  users: number;
}

/**
 * Starts `start()` once per process under `key` and answers its value and a teardown; `stop(value)` runs when
 * the last project that asked for it tears down.
 */
export async function sharedOnce<T>(
  key: string,
  start: () => Promise<T>,
  stop: (value: T) => Promise<void>,
): Promise<{ value: T; release: () => Promise<void> }> {
  const store = globalThis as unknown as Record<symbol, Shared<T> | undefined>;
  const symbol = Symbol.for(`tradekit.e2e.${key}`);
  const shared = (store[symbol] ??= { started: start(), users: 0 });
  shared.users += 1;
  const value = await shared.started;
  return {
    value,
    release: async () => {
      shared.users -= 1;
      if (shared.users > 0) return;
      store[symbol] = undefined;
      await stop(value);
    },
  };
}
