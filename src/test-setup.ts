// Setup of every unit test file. Waiting helpers of Testing Library give up after 1 s by default: on two busy
// cores a lazily imported feed or widget chunk can take longer than that to arrive, and the test then fails
// for the machine, not for the code. The wait ends as soon as the condition holds, so a longer ceiling costs a
// passing test nothing (docs/decisions.md TR6).
import { beforeAll } from 'vitest';

/** How long `waitFor` and `findBy*` keep trying before they fail. */
export const ASYNC_UTIL_TIMEOUT_MS = 5_000;

beforeAll(async () => {
  // Only DOM files: the node-environment files have no document for Testing Library to work on.
  if (typeof document === 'undefined') return;
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });
});
