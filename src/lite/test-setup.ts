// Setup of the `lite` test project (vitest.config.ts, EK14), after src/test-setup.ts: its files must run on Preact,
// Testing Library's rendering included. A config change that left any of them on React would pass the same files
// again on React and prove nothing about the lite build, so it fails every DOM file of the project instead.
import { options } from 'preact';
import { beforeAll } from 'vitest';

beforeAll(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup, render } = await import('@testing-library/react');
  const { createElement } = await import('react');
  const diffed = options.diffed;
  let rendered = 0;
  options.diffed = (vnode) => {
    rendered += 1;
    diffed?.(vnode);
  };
  try {
    render(createElement('span'));
    cleanup();
  } finally {
    options.diffed = diffed;
  }
  if (rendered === 0) {
    throw new Error(
      'The lite project rendered on React: Testing Library or `react` is not aliased to Preact.',
    );
  }
});
