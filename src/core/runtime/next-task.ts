/**
 * Resolves in a later task of the page's event loop, so that the work before it and the work after it are two
 * tasks, not one long one (EK42): a phone's browser can paint and answer a tap in between. `scheduler.yield()`
 * where the browser has it (it resumes ahead of other queued tasks), else a zero-delay timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((done) => setTimeout(done, 0));
}
