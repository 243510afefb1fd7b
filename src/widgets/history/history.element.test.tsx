// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHarness } from '../../core/session/session.fixture';
import type { Harness } from '../../core/session/session.fixture';

const getPlatform = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/runtime/platform'), async (original) => ({ ...(await original()), getPlatform }));

let h: Harness;
beforeAll(async () => {
  h = createHarness();
  getPlatform.mockReturnValue(h.platform);
  await h.platform.ready;
  await import('./history.element');
});
afterAll(async () => {
  await act(async () => {
    document.body.innerHTML = '';
  });
  h.session.close();
  h.platform.close();
});

describe.each([['tk-history', '/login?to=/history']])('<%s> as a custom element', (tag, to) => {
  it('renders into its shadow root and asks the page to sign in with a composed tk-navigate', async () => {
    await act(async () => {
      document.body.innerHTML = `<div id="page"><${tag} theme="dark"></${tag}></div>`;
    });
    const el = document.querySelector(tag) as HTMLElement;
    const heard: Array<{ to: string }> = [];
    document.getElementById('page')?.addEventListener('tk-navigate', (e) => heard.push(e.detail));
    const button = await vi.waitFor(() => {
      const found = el.shadowRoot?.querySelector<HTMLButtonElement>('[part="signed-out"] button');
      if (!found) throw new Error('no sign-in prompt yet');
      return found;
    });
    expect(el.shadowRoot?.querySelector('.tk-root')?.getAttribute('data-theme')).toBe('dark');
    await act(async () => button.click());
    expect(heard).toEqual([{ to }]);
  });
});
