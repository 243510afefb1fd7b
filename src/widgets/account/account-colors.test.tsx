// @vitest-environment jsdom
// The theme drawer of <tk-account> and the brand's `userColors` (issue #22, UC1): a brand that fixes its colours
// offers no pair even when the page passes `color-schemes`.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleConfigJson } from '../../core/config/runtime-config.fixture';
import type { RuntimeConfig } from '../../core/contract/types';
import type { PrimitiveAtom } from '../../core/state/store';
import { renderAccount } from './account.fixture';
import type { RenderedAccount } from './account.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/session/session'), async (original) => ({ ...(await original()), getSession }));

let view: RenderedAccount | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
});

/** What a partner's page passes as `color-schemes`. */
const SCHEMES = [
  { id: 'brand', up: '#1e6bd6', down: '#d63b3b' },
  { id: 'green-red', up: '#16a34a', down: '#dc2626' },
];
const fixedBrand = { brand: { ...(sampleConfigJson().brand as object), userColors: false } };
const frame = () => document.querySelector<HTMLElement>('.tk-account__frame')!;

describe('<Account> colour pairs', () => {
  it('offers the page’s pairs and, with no page applying the pick, colours itself', async () => {
    view = await renderAccount(getSession, { view: 'menu', colorSchemes: SCHEMES });
    fireEvent.click(screen.getByRole('button', { name: 'Colour theme' }));
    const drawer = screen.getByRole('dialog', { name: 'Colour theme' });
    fireEvent.click(within(drawer).getByRole('radio', { name: /Colour theme 2/ }));
    expect(frame().style.getPropertyValue('--tk-color-up')).toBe('#16a34a');

    // The brand then fixes its colours (a live config change): the row goes and the pick is ignored.
    const { store, atoms } = view.h.platform;
    const config = store.get(atoms.config)!;
    act(() =>
      store.set(atoms.config as PrimitiveAtom<RuntimeConfig | null>, {
        ...config,
        brand: { ...config.brand, userColors: false },
      }),
    );
    expect(screen.queryByRole('button', { name: 'Colour theme' })).toBeNull();
    expect(frame().style.getPropertyValue('--tk-color-up')).toBe('');
  });

  it('offers none where the brand fixes its colours, whatever the page passes', async () => {
    view = await renderAccount(
      getSession,
      { view: 'menu', colorSchemes: SCHEMES, colorScheme: 'green-red' },
      { config: fixedBrand },
    );
    expect(screen.getByTestId('menu-account')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Colour theme' })).toBeNull();
    expect(frame().style.getPropertyValue('--tk-color-up')).toBe('');
  });
});
