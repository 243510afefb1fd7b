/** @vitest-environment jsdom */
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setBackgroundWrites, writeAtOnce, writeInBackground } from '../../core/state/background-writes';
import { atom, createIsolatedStore } from '../../core/state/store';
import { Provider, useAtomValue } from '../../widgets/_shared/store-react';
import { renderBackgroundWritesInSlices } from './background-writes';

// React's own scheduler, as in a browser: no act() queue.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  cleanup();
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  setBackgroundWrites(writeAtOnce);
});

/** The next turn of the event loop's check phase, where React's scheduler runs its tasks under Node. */
const nextTurn = () => new Promise<void>((done) => setImmediate(done));

const value = atom(0);
const ROWS = 60;

/** A row whose render takes about a millisecond, and records the order of renders and other tasks. */
function Row({ log }: { log: string[] }) {
  const current = useAtomValue(value);
  const until = performance.now() + 1;
  while (performance.now() < until);
  if (current > 0) log.push('row');
  return <span>{current}</span>;
}

/**
 * Renders ROWS rows, writes in the background, queues a task behind React's, and answers how many rows rendered
 * before that task ran: all of them when the render is one task, fewer when React yields between slices.
 */
async function rowsBeforeTask(): Promise<number> {
  const store = createIsolatedStore();
  const log: string[] = [];
  render(
    <Provider store={store}>
      {Array.from({ length: ROWS }, (_, i) => (
        <Row key={i} log={log} />
      ))}
    </Provider>,
  );
  // The rows subscribe in their effects.
  for (let turn = 0; turn < 5; turn++) await nextTurn();
  writeInBackground(() => store.set(value, 1));
  // React schedules its render task from a microtask the write queued: the marker's task goes in after it.
  queueMicrotask(() => setImmediate(() => log.push('task')));
  while (log.filter((entry) => entry === 'row').length < ROWS) await nextTurn();
  cleanup();
  return log.indexOf('task');
}

describe('renderBackgroundWritesInSlices (EK58)', () => {
  it('renders what a background write wakes in slices, letting a queued task run in between', async () => {
    // Without it: one render of every row, then the task.
    expect(await rowsBeforeTask()).toBe(ROWS);
    renderBackgroundWritesInSlices();
    const before = await rowsBeforeTask();
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(ROWS);
  });
});
