// @vitest-environment jsdom
// Issue #21: the home banner's link to the fee standards, dropped while the page did not exist, now opens it.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '../core/session/session.fixture';
import { closeHosts, mockWidth, startHost } from './session/host-app.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../core/session/session'), async (original) => ({ ...(await original()), getSession }));

afterEach(closeHosts);

const handlers = {
  'wa-na/appBanner/list': (): Answer => ({
    code: 0,
    data: [{ bannerUrl: 'https://img.test/fees.png', linkUrl: '/user/standards' }],
  }),
};

describe("the home banner's standards link", () => {
  it('opens the standards page for a signed-in trader', async () => {
    mockWidth(390);
    await startHost(getSession, {
      path: '/',
      signedIn: true,
      handlers,
      systemConfigs: [{ name: 'user/standards', enable: true }],
    });
    const link = await waitFor(() => {
      const found = document.querySelector<HTMLAnchorElement>('a[href="/user/standards"]');
      if (!found) throw new Error('no banner link');
      return found;
    });
    fireEvent.click(link);
    await waitFor(() => expect(window.location.pathname).toBe('/user/standards'));
    expect(await screen.findByTestId('standards-fees')).toBeTruthy();
  });
});
