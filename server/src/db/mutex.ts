/** A process-local mutex per key: callers run one after another in call order. */
export function createKeyedMutex() {
  const tails = new Map<string, Promise<unknown>>();
  return async function runExclusive<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
