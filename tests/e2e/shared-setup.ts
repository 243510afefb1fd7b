// A vitest global setup that several projects list but that runs once per vitest process. The browser files are
// three projects (`e2e`, two files at a time, `e2e-lane` beside it and `e2e-serial` after them: vitest.config.ts,
// TR40, TR60), and vitest starts each project's global setup: without this, each would start its own Chromium,
// and `e2e` and `e2e-serial` each their own platform.
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';

/** What a shared setup started: the values every project is given, and how to stop it. */
export interface Started {
  provided: Partial<ProvidedContext>;
  stop: () => Promise<void>;
}

interface Entry {
  started: Promise<Started>;
  users: number;
}

// Each project loads global setup files through its own module runner, so a module-level map would be one per
// project: the registry lives on the process.
const REGISTRY = Symbol.for('tradekit.e2e.shared-setup');
const registry: Map<string, Entry> = ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= new Map<
  string,
  Entry
>()) as Map<string, Entry>;

/**
 * The global setup that calls `start` for the first project that lists it under `key`, gives every such project
 * what it provided, and stops it after the last of them has torn down.
 */
export function sharedSetup(
  key: string,
  start: () => Promise<Started>,
): (project: TestProject) => Promise<() => Promise<void>> {
  return async (project) => {
    let entry = registry.get(key);
    if (!entry) {
      entry = { started: start(), users: 0 };
      registry.set(key, entry);
    }
    entry.users += 1;
    const { provided } = await entry.started;
    for (const [name, value] of Object.entries(provided)) {
      project.provide(name as keyof ProvidedContext, value as never);
    }
    const own = entry;
    return async () => {
      own.users -= 1;
      if (own.users > 0) return;
      registry.delete(key);
      await (await own.started).stop();
    };
  };
}
