// @vitest-environment jsdom
/**
 * Issue #25 (RW5–RW7): the CFD risk warning shows the standard text with the brand's loss share from the
 * server, in the page's language; without the figure while the server has none; nothing for a brand that does
 * not offer market mode (CFDs).
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleConfigJson } from '../../core/config/runtime-config.fixture';
import { fakeClientFactory } from '../../core/feeds/fake-stomp-client.fixture';
import { ALL_STRINGS } from '../../core/i18n/english.fixture';
import { createI18n, loadLanguage } from '../../core/i18n/i18n';
import { createPlatform, type OwnedPlatform } from '../../core/runtime/platform';
import { resetPageStoreForTests } from '../../core/state/store';
import { PlatformProvider } from './platform-context';
import { askLossPercent } from './risk-figure';
import { RiskWarning } from './risk-warning';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

let platform: OwnedPlatform | undefined;
afterEach(() => {
  cleanup();
  platform?.close();
  platform = undefined;
});

/** A platform whose server answers `lossPercent` (a number as text, or null) for the risk figure. */
async function renderWarning(options: {
  lossPercent: string | null;
  tradeModes?: Array<'market' | 'option'>;
  language?: string;
  /** The figure's call fails (an answer of this HTTP status). */
  failWith?: number;
  /** The page asks for the figure, and has its answer, before the warning mounts (the host's start-up: EK71). */
  early?: boolean;
  /** Sees every text the warning's box shows, from the first. */
  watch?: (text: string) => void;
}): Promise<{ calls: () => number; mountAnother: () => Promise<void> }> {
  resetPageStoreForTests();
  let calls = 0;
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === '/config.json') {
      const base = sampleConfigJson();
      const brand = { ...(base.brand as object), tradeModes: options.tradeModes ?? ['market', 'option'] };
      return json({ ...base, brand });
    }
    if (url.pathname === '/v1/wa-na/risk/lossShare') {
      calls += 1;
      if (options.failWith) return new Response('unavailable', { status: options.failWith });
      return json({
        code: 0,
        msg: 'success',
        data: { lossPercent: options.lossPercent, windowMonths: 12, computedAtTs: 1_790_000_000_000 },
      });
    }
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
  const i18n = createI18n({ strings: ALL_STRINGS });
  if (options.language) await loadLanguage(i18n, options.language);
  platform = createPlatform({
    origin: 'https://platform.test',
    fetchImpl,
    clientFactory: fakeClientFactory().factory,
    i18n,
  });
  await platform.ready;
  const owned = platform;
  if (options.early) await askLossPercent(owned);
  const watch = options.watch;
  if (watch) {
    // Every text the box has, from its insertion on: a render without the figure would show here.
    const seen = new MutationObserver(() => {
      const box = document.querySelector('[data-testid="risk-warning"]');
      if (box) watch(box.textContent ?? '');
    });
    seen.observe(document.body, { childList: true, subtree: true, characterData: true });
  }
  const mount = async () => {
    await act(async () => {
      render(
        <PlatformProvider platform={owned}>
          <RiskWarning placement="form" />
        </PlatformProvider>,
      );
    });
  };
  await mount();
  return {
    calls: () => calls,
    async mountAnother() {
      cleanup();
      await mount();
      await screen.findByTestId('risk-warning');
      await act(async () => {
        await Promise.resolve();
      });
    },
  };
}

describe('RiskWarning', () => {
  it('shows the standard warning with the share of accounts that lost money, as the server computed it', async () => {
    await renderWarning({ lossPercent: '74' });
    const warning = await screen.findByTestId('risk-warning');
    await screen.findByText(/74% of retail investor accounts lose money/);
    expect(warning.textContent).toBe(
      'Risk warning: CFDs are complex instruments and come with a high risk of losing money rapidly due to ' +
        'leverage. 74% of retail investor accounts lose money when trading CFDs with this provider. You should ' +
        'consider whether you understand how CFDs work and whether you can afford to take the high risk of ' +
        'losing your money.',
    );
    expect(warning.getAttribute('aria-label')).toBe('Risk warning');
    expect(warning.dataset.percent).toBe('74');
  });

  it('leaves the figure out, and keeps the rest, while the server has none (too few accounts)', async () => {
    const server = await renderWarning({ lossPercent: null });
    const warning = await screen.findByTestId('risk-warning');
    await act(async () => {
      await Promise.resolve();
    });
    expect(server.calls()).toBe(1);
    expect(warning.textContent).toContain('CFDs are complex instruments');
    expect(warning.textContent).toContain('You should consider whether');
    expect(warning.textContent).not.toMatch(/retail investor accounts lose money/);
    expect(warning.dataset.percent).toBeUndefined();
  });

  it('shows a figure the page already has in its first render, without a render before it (EK71)', async () => {
    const texts: string[] = [];
    const server = await renderWarning({ lossPercent: '74', early: true, watch: (text) => texts.push(text) });
    await screen.findByText(/74% of retail investor accounts lose money/);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.every((text) => text.includes('74% of retail investor accounts lose money'))).toBe(true);
    expect(server.calls()).toBe(1);
  });

  it('asks a server without a figure once per page, and asks again after a failed call (EK71)', async () => {
    const none = await renderWarning({ lossPercent: null, early: true });
    await screen.findByTestId('risk-warning');
    await none.mountAnother();
    expect(none.calls()).toBe(1);
    cleanup();
    platform?.close();
    const failing = await renderWarning({ lossPercent: '74', failWith: 503 });
    await screen.findByTestId('risk-warning');
    await act(async () => {
      await Promise.resolve();
    });
    expect(failing.calls()).toBe(1);
    await failing.mountAnother();
    expect(failing.calls()).toBe(2);
    expect(screen.getByTestId('risk-warning').textContent).not.toMatch(/retail investor accounts lose money/);
  });

  it('speaks the page language (one of the brand’s) with the standard wording', async () => {
    await renderWarning({ lossPercent: '68', language: 'ja' });
    await screen.findByText(/当社でCFD取引を行う個人投資家口座の68%が損失を出しています。/);
    expect(screen.getByTestId('risk-warning').getAttribute('aria-label')).toBe('リスク警告');
  });

  it('shows nothing and asks nothing for a brand that does not offer CFDs (market mode)', async () => {
    const server = await renderWarning({ lossPercent: '74', tradeModes: ['option'] });
    expect(screen.queryByTestId('risk-warning')).toBeNull();
    expect(server.calls()).toBe(0);
  });
});
