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
import { widgetBodiesReady } from './define-widget';
import type { WidgetMeta } from './widget-meta';

/** Registers beforeAll/afterAll for a custom-element test; the returned getter gives the harness. */
export function useElementHarness(getPlatform: Mock, load: () => Promise<unknown>): () => Harness {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = createHarness();
    getPlatform.mockReturnValue(h.platform);
    await h.platform.ready;
    await load();
    // A widget that paints its frame first (define-widget's LazyBody): these tests drive its body from the start.
    await widgetBodiesReady();
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

/** Put `html` into the page inside act; the first element of the body. */
export async function mountHtml(html: string): Promise<HTMLElement> {
  await act(async () => {
    document.body.innerHTML = html;
  });
  return document.body.firstElementChild as HTMLElement;
}

/** The first element of `el`'s shadow root that carries the `part` name. */
export function shadowPart(el: HTMLElement, name: string): HTMLElement | null {
  return el.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`) ?? null;
}

/** The test every element shares: it observes exactly the attributes its meta lists, in that order. */
export function itObservesItsMeta(meta: WidgetMeta): void {
  it('observes exactly the attributes of its meta', () => {
    const ctor = customElements.get(meta.tag) as unknown as { observedAttributes: string[] };
    expect(ctor.observedAttributes).toEqual(meta.attributes.map((a) => a.name));
  });
}

/**
 * Registers beforeAll/afterAll for an element test on its own scripted server (made by `create`, set as the
 * page platform through the test's `getPlatform` mock); the returned getter gives the server.
 */
export function useElementServer<S extends { platform: unknown; close(): void }>(
  getPlatform: Mock,
  create: () => Promise<S>,
  load: () => Promise<unknown>,
): () => S {
  let server: S | undefined;
  beforeAll(async () => {
    server = await create();
    getPlatform.mockReturnValue(server.platform);
    await load();
    await widgetBodiesReady();
  });
  afterAll(async () => {
    // Unmount every element inside act so no React work is left to run after the DOM is torn down.
    await act(async () => {
      document.body.innerHTML = '';
    });
    server?.close();
  });
  return () => {
    if (!server) throw new Error('the element server is set up in beforeAll');
    return server;
  };
}
