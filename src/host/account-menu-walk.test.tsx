// @vitest-environment jsdom
/**
 * Issue #21: every item of the user menu (phone) and of the desktop account dialog, for each seeded brand,
 * signed in on the real and on the demo account, opens a built page — not Home, not a blank page, and not a
 * page that sends the user elsewhere once it knows the brand. The brands are the server's seeds
 * (seeded-brands.fixture.ts, held to them by tests/integration/seeded-brands.test.ts).
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '../core/session/session.fixture';
import { navigate } from './routing/history';
import { isRedirect, resolve } from './routing/resolve';
import { SEEDED_BRANDS, type SeededBrand } from './seeded-brands.fixture';
import { closeHosts, mockWidth, startHost } from './session/host-app.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../core/session/session'), async (original) => ({ ...(await original()), getSession }));

afterEach(closeHosts);

const handlers = {
  'waa/user/notification/getUnreadCount': (): Answer => ({ code: 0, data: { unread: 0 } }),
};

/** Menu items that open a sheet of the menu itself (the account switch), not a page. */
const SHEETS = new Set(['menu-switch']);

/** The walks: each brand on the real account, and on the demo account where the brand offers one. */
const WALKS = SEEDED_BRANDS.flatMap((b) =>
  b.on.includes('VIRTUAL_CURRENCY_TRADE') ? [[b, false] as const, [b, true] as const] : [[b, false] as const],
);

function start(brand: SeededBrand, virtual: boolean, path: string) {
  return startHost(getSession, {
    path,
    signedIn: true,
    virtual,
    handlers,
    brand: brand.brand,
    systemConfigs: brand.on.map((name) => ({ name, enable: true })),
  });
}

/** The page now shown: a built route's page with content, and still there after its first renders. */
async function expectBuiltPage(from: string, item: string) {
  await waitFor(() => expect(window.location.pathname, item).not.toBe(from));
  const path = window.location.pathname + window.location.search;
  const resolution = resolve(path, { signedIn: true });
  expect(isRedirect(resolution), `${item} → ${path}`).toBe(false);
  expect(path, item).not.toBe('/');
  const main = document.getElementById('main') ?? document.body;
  await waitFor(() => {
    expect(main.querySelector('[data-testid="home"]'), `${item} shows Home`).toBeNull();
    expect(main.textContent?.trim().length ?? 0, `${item} → ${path} is blank`).toBeGreaterThan(0);
    const loading = [...main.querySelectorAll('[role="status"]')].filter(
      (el) => el.textContent === 'Loading…',
    );
    expect(loading, `${item} still loading`).toEqual([]);
  });
  // A page that leads elsewhere once it knows the brand would have moved by now.
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  expect(window.location.pathname + window.location.search, `${item} left its page`).toBe(path);
}

describe('every item of the user menu (phone) opens a built page', () => {
  it.each(WALKS.map(([b, v]) => [b.id, v ? 'demo' : 'real', b, v] as const))(
    '%s, %s account',
    async (_id, _kind, brand, virtual) => {
      mockWidth(390);
      await start(brand, virtual, '/user');
      await screen.findByTestId('menu-account');
      const items = [
        ...document.querySelectorAll<HTMLElement>(
          'button[data-testid^="menu-"], button[data-testid^="balance-"]',
        ),
      ]
        .map((el) => el.dataset.testid as string)
        .filter((id) => !SHEETS.has(id));
      expect(items).toContain('menu-invite');
      expect(items.includes('menu-standards')).toBe(brand.on.includes('user/standards'));
      for (const item of items) {
        act(() => navigate('/user'));
        fireEvent.click(await screen.findByTestId(item));
        await expectBuiltPage('/user', item);
      }
    },
  );
});

describe('every entry of the desktop account dialog opens a built page', () => {
  it.each(WALKS.map(([b, v]) => [b.id, v ? 'demo' : 'real', b, v] as const))(
    '%s, %s account',
    async (_id, _kind, brand, virtual) => {
      mockWidth(1440);
      await start(brand, virtual, '/user/account');
      const nav = await screen.findByRole('navigation', { name: 'Account menu' });
      const entries = [...nav.querySelectorAll<HTMLAnchorElement>('a')].map(
        (a) => a.getAttribute('href') as string,
      );
      expect(entries).toContain('/user/invite');
      expect(entries.includes('/user/standards')).toBe(brand.on.includes('user/standards'));
      for (const href of entries) {
        act(() => navigate(href === '/user/account' ? '/user/security' : '/user/account'));
        const from = window.location.pathname;
        const link = await waitFor(() => {
          const found = document.querySelector<HTMLAnchorElement>(
            `nav[aria-label="Account menu"] a[href="${href}"]`,
          );
          if (!found) throw new Error(`no entry ${href}`);
          return found;
        });
        fireEvent.click(link);
        await expectBuiltPage(from, href);
        expect(window.location.pathname).toBe(href);
        const body = document.querySelector('.host-account-dialog__body');
        expect(body?.textContent?.trim().length ?? 0, `${href} dialog body is blank`).toBeGreaterThan(0);
      }
    },
  );
});
