// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import * as React from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { sampleConfigJson } from '../../core/config/runtime-config.fixture';
import type { Platform } from '../../core/runtime/types';
import { createTestPlatform } from '../../widgets/_shared/test-platform.fixture';
import { preloadPageOf } from '../pages/registry';
import { PrefKey, writePref } from '../prefs';
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

// The session module as it is, with the creation of a page's session watched (EK72).
// Each creation notes how many transitions had begun: the site's first render is one (EK30).
const getSession = vi.hoisted(() => vi.fn());
const sessionsAt = vi.hoisted(() => [] as Array<{ platform: unknown; transitions: number }>);
vi.mock(import('../../core/session/session'), async (original) => {
  const session = await original();
  getSession.mockImplementation((platform: Platform) => {
    sessionsAt.push({ platform, transitions: transitions.count });
    return session.getSession(platform);
  });
  return { ...session, getSession };
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

it.each([
  [
    'asks for the risk warning’s figure at start-up on a phone’s order form',
    '/BTCUSDT/place',
    {},
    null,
    true,
  ],
  ['and on a phone’s chart in market mode', '/BTCUSDT/chart', {}, null, true],
  ['not on a phone’s chart the visitor shows in option mode', '/BTCUSDT/chart', {}, 'option', false],
  ['not on a page without the warning', '/user', {}, null, false],
  [
    'not for a brand that offers no CFDs',
    '/BTCUSDT/place',
    { tradeModes: ['option'], defaultTradeMode: 'option' },
    null,
    false,
  ],
] as const)('%s (EK71)', async (_title, path, brand, storedMode, asked) => {
  window.history.replaceState(null, '', path);
  if (storedMode) writePref(PrefKey.tradeMode, storedMode);
  const base = sampleConfigJson();
  const test = createTestPlatform({ config: { brand: { ...(base.brand as object), ...brand } } });
  try {
    bootSite(test.platform);
    await screen.findByTestId('content');
    expect(test.fetched.filter((fetched) => fetched.endsWith('/risk/lossShare'))).toHaveLength(asked ? 1 : 0);
  } finally {
    test.platform.close();
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
  }
});

it.each([
  ['starts the page’s session at start-up, before the site renders, and restores a stored one', true],
  ['starts no session in a browser the brand does not trust (BA1)', false],
] as const)('%s (EK72)', async (_title, trusted) => {
  window.history.replaceState(null, '', '/BTCUSDT/chart');
  // A reload of a signed-in page in the default token mode: only the session's hint is stored.
  window.localStorage.setItem('tkSession', JSON.stringify({ uid: '10000007', virtualStatus: '0' }));
  sessionsAt.length = 0;
  const before = transitions.count;
  const base = sampleConfigJson();
  const trustedApp = { userAgent: 'TradeKitApp', url: 'https://apps.example/tradekit' };
  const test = createTestPlatform({
    config: { brand: { ...(base.brand as object), ...(trusted ? {} : { trustedApp }) } },
  });
  try {
    bootSite(test.platform);
    await screen.findByTestId(trusted ? 'content' : 'app-only');
    // The page's session was created before the site's render began (a transition), not by the site itself.
    const first = sessionsAt.find((call) => call.platform === test.platform);
    if (trusted) expect(first?.transitions).toBe(before);
    else expect(first).toBeUndefined();
    if (trusted)
      await waitFor(() => expect(test.fetched.some((path) => path.endsWith('/wa-na/refresh'))).toBe(true));
  } finally {
    test.platform.close();
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
  }
});

it('keeps the site unrendered behind the loading screen until a stored session’s restore is answered (EK73)', async () => {
  const path = '/BTCUSDT/chart';
  window.history.replaceState(null, '', path);
  window.localStorage.setItem('tkSession', JSON.stringify({ uid: '10000007', virtualStatus: '0' }));
  let answerRefresh: (response: Response) => void = () => undefined;
  const refresh = new Promise<Response>((resolve) => (answerRefresh = resolve));
  const test = createTestPlatform({
    answer: (fetched) => (fetched.endsWith('/wa-na/refresh') ? refresh : undefined),
  });
  try {
    bootSite(test.platform);
    await waitFor(() =>
      expect(test.fetched.some((fetched) => fetched.endsWith('/wa-na/refresh'))).toBe(true),
    );
    // Everything else the site waits for is there: the page's code and the language's strings.
    await act(async () => {
      await preloadPageOf(path);
      await test.platform.i18n.changeLanguage('en');
    });
    expect(screen.queryByTestId('content')).toBeNull();
    // The config has come: the loading screen shows the brand's logo while the site waits (spec §4, EK74).
    expect(screen.getByTestId('loading').querySelector('img')?.getAttribute('src')).toBe('/logo.svg');
    answerRefresh(new Response('not found', { status: 404 }));
    await screen.findByTestId('content');
  } finally {
    test.platform.close();
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
  }
});
