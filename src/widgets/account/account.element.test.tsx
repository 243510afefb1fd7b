// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHarness, makeToken } from '../../core/session/session.fixture';
import type { Harness } from '../../core/session/session.fixture';
import { widgetBodyReady } from '../_shared/define-widget';
import { accountMeta } from './account.meta';

const getPlatform = vi.hoisted(() => vi.fn());
const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/runtime/platform'), async (original) => ({ ...(await original()), getPlatform }));
vi.mock(import('../../core/session/session'), async (original) => ({ ...(await original()), getSession }));

let h: Harness;
beforeAll(async () => {
  h = createHarness();
  getPlatform.mockReturnValue(h.platform);
  getSession.mockReturnValue(h.session);
  await h.platform.ready;
  const exp = Math.floor(Date.now() / 1000) + 900;
  await h.session.signIn({
    token: makeToken({ exp }),
    refreshToken: 'r',
    qrcodeStatus: 1,
    expiresAt: exp * 1000,
  });
  await import('./account.element');
  // The hub's code loads after the element's first paint; these tests drive it from the start.
  await widgetBodyReady('tk-account');
});
afterAll(async () => {
  // Unmount every element inside act so no React work is left to run after the DOM is torn down.
  await act(async () => {
    document.body.innerHTML = '';
  });
  h.session.close();
  h.platform.close();
});

describe('<tk-account>', () => {
  it('renders in its shadow root and fires a cancelable tk-navigate from the element', async () => {
    await act(async () => {
      document.body.innerHTML = '<tk-account view="menu"></tk-account>';
    });
    const el = document.querySelector('tk-account')!;
    await vi.waitFor(() =>
      expect(el.shadowRoot?.querySelector('[data-testid="nickname"]')?.textContent).toBe('Ada'),
    );
    const seen: string[] = [];
    const routeIt = (e: GlobalEventHandlersEventMap['tk-navigate']) => {
      seen.push(e.detail.to);
      e.preventDefault();
    };
    document.addEventListener('tk-navigate', routeIt);
    await act(async () => el.shadowRoot?.querySelector<HTMLElement>('[data-testid="menu-account"]')?.click());
    document.removeEventListener('tk-navigate', routeIt);
    expect(seen).toEqual(['/user/account']);
    // The page routed: the widget kept its view.
    expect(el.shadowRoot?.querySelector('[data-view]')?.getAttribute('data-view')).toBe('menu');
  });

  it('switches its own view when the page does not handle tk-navigate', async () => {
    const el = document.querySelector('tk-account')!;
    await act(async () =>
      el.shadowRoot?.querySelector<HTMLElement>('[data-testid="menu-security"]')?.click(),
    );
    expect(el.shadowRoot?.querySelector('[data-view]')?.getAttribute('data-view')).toBe('security');
    await act(async () => el.setAttribute('view', 'privacy'));
    expect(el.shadowRoot?.querySelector('[data-view]')?.getAttribute('data-view')).toBe('privacy');
  });

  it('observes exactly the attributes of its meta', () => {
    const ctor = customElements.get('tk-account') as unknown as { observedAttributes: string[] };
    expect(ctor.observedAttributes).toEqual(accountMeta.attributes.map((a) => a.name));
  });
});
