/**
 * Test-only helpers for host component tests: a Platform with a real i18next instance (English texts),
 * fresh jotai atoms and no network unless `call` is given.
 */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { RuntimeConfig } from '../core/contract';
import { ALL_STRINGS } from '../core/i18n/english.fixture';
import { createI18n } from '../core/i18n/i18n';
import type { ApiClient, FeedState, Platform, QuoteView } from '../core/runtime/types';
import { atom, getPageStore } from '../core/state/store';
import { PlatformProvider } from '../widgets/_shared/platform-context';

export interface FakePlatformOptions {
  ready?: Promise<RuntimeConfig>;
  call?: ApiClient['call'];
}

/** A platform whose atoms are writable in tests (`platform.store.set(atoms.x, value)`). */
export function fakePlatform(options: FakePlatformOptions = {}) {
  const i18n = createI18n({ strings: ALL_STRINGS });
  const prices = atom<ReadonlyMap<string, QuoteView>>(new Map());
  const atoms = {
    config: atom<RuntimeConfig | null>(null),
    configError: atom<string | null>(null),
    systemConfig: atom(null),
    prices,
    // One quote map here: a test sets `prices` whichever view the widget reads.
    pricesOf: () => prices,
    feedState: atom<FeedState>({ status: 'idle', attempt: 0, connectionLost: false, lastMessageAt: null }),
    clock: atom(Date.now()),
    language: atom('en'),
    productNames: atom<ReadonlyMap<string, string>>(new Map()),
  };
  const ready = options.ready ?? new Promise<RuntimeConfig>(() => undefined);
  ready.catch(() => undefined);
  const platform = {
    origin: 'http://platform.test',
    ready,
    api: {
      call: options.call ?? (async () => ({ ok: false, code: 'network', message: 'offline' })),
      onError: () => () => undefined,
    },
    feed: {
      subscribe: () => () => undefined,
      getState: () => ({ status: 'idle', attempt: 0, connectionLost: false, lastMessageAt: null }),
      onState: () => () => undefined,
      start: () => undefined,
      retry: () => undefined,
      close: () => undefined,
    },
    // Fresh atoms per platform keep tests apart even though the page store is shared.
    store: getPageStore(),
    atoms,
    i18n,
    staleAfterMs: 10_000,
  } satisfies Platform;
  return platform;
}

/** Renders `ui` inside a PlatformProvider. */
export function renderWithPlatform(ui: ReactNode, platform: Platform = fakePlatform()): RenderResult {
  return render(<PlatformProvider platform={platform}>{ui}</PlatformProvider>);
}
