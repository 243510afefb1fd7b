/**
 * Setup shared by the `*.element.test.tsx` files: one session harness as the page platform, the element
 * module loaded after it, and a teardown that unmounts inside act. `vi.mock` must stay in each test file
 * (vitest hoists it per file), so the test passes its `getPlatform` mock in.
 */
import { act } from '@testing-library/react';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Mock } from 'vitest';
import { createHarness } from '../../core/session/session.fixture';
import type { Harness } from '../../core/session/session.fixture';

/** Registers beforeAll/afterAll for a custom-element test; the returned getter gives the harness. */
export function useElementHarness(getPlatform: Mock, load: () => Promise<unknown>): () => Harness {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = createHarness();
    getPlatform.mockReturnValue(h.platform);
    await h.platform.ready;
    await load();
  });
  afterAll(async () => {
    // Unmount every element inside act so no React work is left to run after the DOM is torn down.
    await act(async () => {
      document.body.innerHTML = '';
    });
    h?.session.close();
    h?.platform.close();
  });
  return () => {
    if (!h) throw new Error('the element harness is set up in beforeAll');
    return h;
  };
}

/** The test every signed-in-only widget shares: a dark theme in the shadow root and a composed sign-in request. */
export function itAsksToSignIn(tag: string, to: string): void {
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
}
