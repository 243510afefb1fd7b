// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import * as React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../core/runtime/types';
import { fakePlatform, renderWithPlatform } from '../../test-support';
import { askBannersEarly, useBanners } from './use-banners';

// React's own startTransition, watched: the banners' arrival is rendered as a transition (EK64).
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof React>();
  return { ...react, startTransition: vi.fn(react.startTransition) };
});

function Titles() {
  const banners = useBanners(3);
  return <p data-testid="titles">{banners === null ? 'loading' : banners.map((b) => b.title).join('|')}</p>;
}

describe('useBanners', () => {
  afterEach(cleanup);

  it('asks for the banners in the page language and again when it changes', async () => {
    const call = vi.fn(async (_endpoint: unknown, input: { locale?: string }) => ({
      ok: true as const,
      data: [{ bannerUrl: `/b.svg?lang=${input.locale}`, title: input.locale === 'ja' ? 'デモ' : 'Demo' }],
    }));
    const platform = fakePlatform({ call: call as unknown as ApiClient['call'] });
    vi.mocked(React.startTransition).mockClear();
    renderWithPlatform(<Titles />, platform);
    expect(screen.getByTestId('titles').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('titles').textContent).toBe('Demo'));
    // The answer's render went through a transition: one call, made when the answer came.
    expect(vi.mocked(React.startTransition)).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]?.[1]).toEqual({ locale: 'en' });
    act(() => platform.store.set(platform.atoms.language, 'ja'));
    await waitFor(() => expect(screen.getByTestId('titles').textContent).toBe('デモ'));
    expect(call.mock.calls.at(-1)?.[1]).toEqual({ locale: 'ja' });
  });

  it('is empty at once for a brand without banners, and empty after a failed call', async () => {
    const call = vi.fn(async () => ({ ok: false as const, code: 500, message: 'down' }));
    const platform = fakePlatform({ call: call as unknown as ApiClient['call'] });
    function NoBanners() {
      const banners = useBanners(0);
      return <p data-testid="none">{banners === null ? 'loading' : String(banners.length)}</p>;
    }
    renderWithPlatform(<NoBanners />, platform);
    expect(screen.getByTestId('none').textContent).toBe('0');
    cleanup();
    renderWithPlatform(<Titles />, platform);
    expect(screen.getByTestId('titles').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('titles').textContent).toBe(''));
  });

  it('takes the answer asked for at start-up once, for its language, and fetches its first image first', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const call = vi.fn((_endpoint: unknown, input: { locale?: string }) =>
      input.locale === 'en' && call.mock.calls.length === 1
        ? new Promise((resolve) => (answer = resolve))
        : Promise.resolve({ ok: true as const, data: [{ bannerUrl: '/again.svg', title: 'Again' }] }),
    );
    const platform = fakePlatform({ call: call as unknown as ApiClient['call'] });
    const images: HTMLImageElement[] = [];
    const created = vi.spyOn(document, 'createElement');
    askBannersEarly(platform, 'en', 3);
    expect(call).toHaveBeenCalledTimes(1);
    renderWithPlatform(<Titles />, platform);
    // The page asked for nothing of its own: it waits for the start-up's answer.
    expect(call).toHaveBeenCalledTimes(1);
    const first = { bannerUrl: 'https://img.test/first.svg', title: 'Early' };
    await act(async () => answer({ ok: true, data: [first, { bannerUrl: '/second.svg', title: 'Late' }] }));
    await waitFor(() => expect(screen.getByTestId('titles').textContent).toBe('Early|Late'));
    for (const result of created.mock.results)
      if (result.value instanceof HTMLImageElement) images.push(result.value);
    created.mockRestore();
    expect(images.map((image) => [image.src, image.fetchPriority])).toEqual([[first.bannerUrl, 'high']]);
    // Taken once: the next page of the same platform asks again.
    cleanup();
    renderWithPlatform(<Titles />, platform);
    await waitFor(() => expect(screen.getByTestId('titles').textContent).toBe('Again'));
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('asks again when the start-up asked in another language, and asks nothing early for a brand without banners', async () => {
    const call = vi.fn(async (_endpoint: unknown, input: { locale?: string }) => ({
      ok: true as const,
      data: [{ bannerUrl: '/b.svg', title: input.locale }],
    }));
    const platform = fakePlatform({ call: call as unknown as ApiClient['call'] });
    askBannersEarly(platform, 'de', 0);
    expect(call).not.toHaveBeenCalled();
    askBannersEarly(platform, 'de', 3);
    renderWithPlatform(<Titles />, platform);
    await waitFor(() => expect(screen.getByTestId('titles').textContent).toBe('en'));
    expect(call.mock.calls.map((c) => c[1])).toEqual([{ locale: 'de' }, { locale: 'en' }]);
  });
});
