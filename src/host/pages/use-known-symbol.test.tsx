// @vitest-environment jsdom
// EK45: a page of one symbol reads of the catalogue only whether it quotes its symbol.
import { act, cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestPlatform, priceEntry } from '../../widgets/_shared/test-platform.fixture';
import { renderWithPlatform } from '../test-support';
import { useKnownSymbol } from './use-known-symbol';

let renders = 0;
function SymbolPage({ symbol }: { symbol: string }) {
  renders += 1;
  useKnownSymbol(symbol);
  return <p>{symbol}</p>;
}

describe('useKnownSymbol (EK45)', () => {
  let close: (() => void) | undefined;
  afterEach(() => {
    cleanup();
    close?.();
    close = undefined;
    window.history.replaceState(null, '', '/');
  });

  async function open(symbol: string) {
    window.history.replaceState(null, '', `/${symbol}/chart`);
    const test = createTestPlatform();
    close = () => test.platform.close();
    renders = 0;
    renderWithPlatform(<SymbolPage symbol={symbol} />, test.platform);
    await test.connect();
    return test;
  }

  it('renders the page again only when the answer changes, not with every catalogue message', async () => {
    const test = await open('BTCUSDT');
    const before = renders;
    for (let i = 0; i < 5; i++)
      act(() => test.publish([priceEntry({ symbol: 'BTCUSDT' }), priceEntry({ symbol: 'EURUSD' })]));
    expect(renders).toBe(before);
    expect(window.location.pathname).toBe('/BTCUSDT/chart');
  });

  it('sends a page whose symbol nobody quotes home once prices have arrived', async () => {
    const test = await open('NOSUCH');
    expect(window.location.pathname).toBe('/NOSUCH/chart');
    act(() => test.publish([priceEntry({ symbol: 'EURUSD' })]));
    expect(window.location.pathname).toBe('/');
  });
});
