/**
 * Store writes whose renders may wait (EK58): the page's renderer can give a runner (the host gives React's
 * `startTransition`), so that what they wake renders in slices instead of one task. Without a runner (a partner's
 * page, a test) they are written at once, as any write.
 */
/** The runner without a renderer's: the writes happen at once (also what a test puts back). */
export const writeAtOnce = (writes: () => void): void => writes();

let runner: (writes: () => void) => void = writeAtOnce;

/** The page's runner of background writes (the host's React root). */
export function setBackgroundWrites(run: (writes: () => void) => void): void {
  runner = run;
}

/** Runs `writes` (store writes) through the page's runner. */
export function writeInBackground(writes: () => void): void {
  runner(writes);
}
