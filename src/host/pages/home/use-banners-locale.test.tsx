// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../core/runtime/types';
import { fakePlatform, renderWithPlatform } from '../../test-support';
import { useBanners } from './use-banners';

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
    renderWithPlatform(<Titles />, platform);
    expect(screen.getByTestId('titles').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('titles').textContent).toBe('Demo'));
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
});
