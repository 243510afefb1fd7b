// @vitest-environment jsdom
import { StrictMode, useRef } from 'react';
import type { ReactNode } from 'react';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KlineLoader } from '../../core/feeds/kline-loader';
import { nextTask } from '../../core/runtime/next-task';
import type { Platform } from '../../core/runtime/types';
import { createChartPlatform } from './chart-test.fixture';
import type { ChartTestPlatform } from './chart-test.fixture';
import type { ChartEngine, createChartEngine } from './chart-engine';
import { useChartEngine } from './use-chart-engine';
import type { EngineLoader, EngineSetup } from './use-chart-engine';

let current: ChartTestPlatform | null = null;
afterEach(() => {
  cleanup();
  current?.platform.close();
  current = null;
});

/** The loaders each render handed out and the one each created engine was given. */
function probe(setup: EngineSetup = {}, hold?: Promise<void>) {
  const rendered: Array<KlineLoader | null> = [];
  const engines: KlineLoader[] = [];
  const renderedEngines: Array<ChartEngine | null> = [];
  const create: typeof createChartEngine = (_el, loader) => {
    engines.push(loader);
    return { dispose: () => undefined } as ReturnType<typeof createChartEngine>;
  };
  const loads: string[] = [];
  const load: EngineLoader = async () => {
    await hold;
    loads.push('loaded');
    return { createChartEngine: create };
  };
  function Probe({ platform }: { platform: Platform }) {
    const el = useRef<HTMLDivElement>(null);
    const handle = useChartEngine(el, platform, () => undefined, load, setup);
    rendered.push(handle.loader);
    renderedEngines.push(handle.engine);
    return <div ref={el} />;
  }
  return { rendered, engines, renderedEngines, loads, Probe };
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

  it("starts Intl in a task of its own before it creates the engine, which klinecharts' creation then finds started (EK30)", async () => {
    current = createChartPlatform();
    const events: string[] = [];
    const Real = Intl.DateTimeFormat;
    const spy = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
    ) {
      // A task queued by the first formatter: it runs before the engine only if the engine waits for a task.
      if (!events.includes('intl')) setTimeout(() => events.push('next task'), 0);
      events.push('intl');
      return new Real(...args);
    } as unknown as typeof Intl.DateTimeFormat);
    try {
      const { engines, Probe } = probe();
      // The probe's engine factory records each engine it creates here.
      const pushed = engines.push.bind(engines);
      engines.push = (...loaders: KlineLoader[]) => {
        events.push('engine');
        return pushed(...loaders);
      };
      render(<Probe platform={current.platform} />);
      await waitFor(() => expect(engines).toHaveLength(1));
      expect(events.filter((e, i) => events.indexOf(e) === i)).toEqual(['intl', 'next task', 'engine']);
    } finally {
      spy.mockRestore();
    }
  });

  it('requests the first series while the chart library is still loading', async () => {
    current = createChartPlatform();
    let release = () => undefined as void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { engines, Probe } = probe({ series: { symbol: 'EURUSD', period: '1min' } }, hold);
    render(<Probe platform={current.platform} />);
    const test = current;
    await waitFor(() => expect(historyRequests(test)).toBe(1));
    expect(engines).toHaveLength(0);
    release();
    await waitFor(() => expect(engines).toHaveLength(1));
  });

  it("creates the engine once the first series' history has been answered, not before (EK75)", async () => {
    let answer = () => undefined as void;
    current = createChartPlatform({ historyHeld: new Promise<void>((resolve) => (answer = resolve)) });
    const { engines, loads, Probe } = probe({ series: { symbol: 'EURUSD', period: '1min' } });
    render(<Probe platform={current.platform} />);
    const test = current;
    await waitFor(() => expect(historyRequests(test)).toBe(1));
    // The engine's code has come, and two more tasks have run (Intl's start takes one): only the history is missing.
    await waitFor(() => expect(loads).toEqual(['loaded']));
    await nextTask();
    await nextTask();
    expect(engines).toHaveLength(0);
    answer();
    await waitFor(() => expect(engines).toHaveLength(1));
  });

  it('hands a new engine to onCreate before the widget renders with it', async () => {
    current = createChartPlatform();
    const seen: Array<{ engine: ChartEngine; renderedBefore: number }> = [];
    let renders: Array<ChartEngine | null> = [];
    const { renderedEngines, Probe } = probe({
      onCreate: (engine) => seen.push({ engine, renderedBefore: renders.filter(Boolean).length }),
    });
    renders = renderedEngines;
    render(<Probe platform={current.platform} />);
    await waitFor(() => expect(renderedEngines.filter(Boolean)).not.toHaveLength(0));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.renderedBefore).toBe(0);
    expect(renderedEngines.find(Boolean)).toBe(seen[0]!.engine);
  });
});
