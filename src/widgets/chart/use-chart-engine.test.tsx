// @vitest-environment jsdom
import { StrictMode, useRef } from 'react';
import type { ReactNode } from 'react';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { KlineLoader } from '../../core/feeds/kline-loader';
import type { Platform } from '../../core/runtime/types';
import { createChartPlatform } from './chart-test.fixture';
import type { ChartTestPlatform } from './chart-test.fixture';
import type { createChartEngine } from './chart-engine';
import { useChartEngine } from './use-chart-engine';
import type { EngineLoader } from './use-chart-engine';

let current: ChartTestPlatform | null = null;
afterEach(() => {
  cleanup();
  current?.platform.close();
  current = null;
});

/** The loaders each render handed out and the one each created engine was given. */
function probe() {
  const rendered: Array<KlineLoader | null> = [];
  const engines: KlineLoader[] = [];
  const create: typeof createChartEngine = (_el, loader) => {
    engines.push(loader);
    return { dispose: () => undefined } as ReturnType<typeof createChartEngine>;
  };
  const load: EngineLoader = async () => ({ createChartEngine: create });
  function Probe({ platform }: { platform: Platform }) {
    const el = useRef<HTMLDivElement>(null);
    const handle = useChartEngine(el, platform, () => undefined, load);
    rendered.push(handle.loader);
    return <div ref={el} />;
  }
  return { rendered, engines, Probe };
}

const historyRequests = (test: ChartTestPlatform) =>
  test.fetched.filter((path) => path === '/market/history').length;

describe('useChartEngine', () => {
  it('gives the engine the loader of the last render, alive, when StrictMode runs effects twice', async () => {
    current = createChartPlatform();
    const { rendered, engines, Probe } = probe();
    const wrap = (node: ReactNode) => <StrictMode>{node}</StrictMode>;
    render(wrap(<Probe platform={current.platform} />));
    await waitFor(() => expect(engines).toHaveLength(1));
    const loader = engines[0]!;
    expect(loader).toBe(rendered.at(-1));
    // A disposed loader ignores requests: this one still asks the market service.
    loader.prefetch('EURUSD', '1min');
    const test = current;
    await waitFor(() => expect(historyRequests(test)).toBe(1));
  });
});
