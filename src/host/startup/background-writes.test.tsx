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
 * Renders ROWS rows, writes in the background, and answers how many times another task ran between the first row's
 * render and the last one's: none when the render is one task, some when React yields between slices. The other
 * task is queued behind React's first render task and queues itself again each time it runs, until every row has
 * rendered: so it runs at each of React's yields, wherever the first slice ends. (Asking only whether one task queued
 * once ran after the first row failed on a busy machine: React may yield before its first row when its 5-ms slice
 * is gone before it starts, and the task then ran first.)
 */
async function tasksAmidRows(): Promise<number> {
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
  const rendered = () => log.filter((entry) => entry === 'row').length;
  const other = () => {
    if (rendered() >= ROWS) return;
    log.push('task');
    setImmediate(other);
  };
  writeInBackground(() => store.set(value, 1));
  // React schedules its render task from a microtask the write queued: the other task goes in after it.
  queueMicrotask(() => setImmediate(other));
  while (rendered() < ROWS) await nextTurn();
  cleanup();
  return log.slice(log.indexOf('row'), log.lastIndexOf('row')).filter((entry) => entry === 'task').length;
}

describe('renderBackgroundWritesInSlices (EK58)', () => {
  it('renders what a background write wakes in slices, letting a queued task run in between', async () => {
    // Without it: every row rendered in one task, nothing in between.
    expect(await tasksAmidRows()).toBe(0);
    renderBackgroundWritesInSlices();
    expect(await tasksAmidRows()).toBeGreaterThan(0);
  });
});
