// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import * as React from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import type { Platform } from '../../core/runtime/types';
import { createTestPlatform } from '../../widgets/_shared/test-platform.fixture';
import { renderWithPlatform } from '../test-support';
import { Startup } from './startup';

// React as it is, with its startTransition watched: which updates the start-up makes as transitions.
const transitions = vi.hoisted(() => ({ count: 0 }));
vi.mock('react', async (original) => {
  const react = await original<typeof React>();
  return {
    ...react,
    startTransition: (scope: () => void) => {
      transitions.count++;
      react.startTransition(scope);
    },
  };
});

afterEach(cleanup);

/** The start-up over a stand-in site (a paragraph), on `platform`. */
function bootSite(platform: Platform) {
  renderWithPlatform(
    <Startup>
      <p data-testid="content">site</p>
    </Startup>,
    platform,
  );
}

it('renders the site behind the loading screen as a transition, not one blocking render (EK30)', async () => {
  const test = createTestPlatform();
  try {
    bootSite(test.platform);
    expect(screen.queryByTestId('content')).toBeNull();
    expect(transitions.count).toBe(0);
    await screen.findByTestId('content');
    expect(transitions.count).toBe(1);
  } finally {
    test.platform.close();
  }
});

it.each([
  ['asks for the home page’s banners at start-up, on a phone’s home', '/', true],
  ['asks for no banners early on another page', '/markets', false],
])('%s (EK47)', async (_title, path, asked) => {
  window.history.replaceState(null, '', path);
  const test = createTestPlatform();
  try {
    bootSite(test.platform);
    await screen.findByTestId('content');
    expect(test.fetched.some((fetched) => fetched.endsWith('/appBanner/list'))).toBe(asked);
  } finally {
    test.platform.close();
    window.history.replaceState(null, '', '/');
  }
});
