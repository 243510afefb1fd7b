// @vitest-environment jsdom
// The chart's colour theme chooser and the brand's `userColors` (issue #22, UC1): a brand that fixes its
// colours shows no swatches and ignores a pair picked before; the page's `color-scheme` still holds.
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '../../core/contract/types';
import { COLOR_SCHEME_IDS } from '../../core/contract/users';
import type { PrimitiveAtom } from '../../core/state/store';
import { PlatformProvider } from '../_shared/platform-context';
import { priceEntry } from '../_shared/test-platform.fixture';
import { Chart, chartBodyReady } from './chart';
import { chartHeaderReady } from './chart-body';
import { COLOR_SCHEMES } from './chart.logic';
import type { ChartProps } from './chart';
import { createChartPlatform, productInfo, recordingEngine } from './chart-test.fixture';
import type { ChartTestPlatform, RecordingEngine } from './chart-test.fixture';

beforeAll(() => Promise.all([chartBodyReady, chartHeaderReady]));

let current: ChartTestPlatform | null = null;
let engine: RecordingEngine;
beforeEach(() => {
  localStorage.clear();
  engine = recordingEngine();
});
afterEach(() => {
  cleanup();
  current?.platform.close();
  current = null;
});

const $ = <E extends Element = HTMLElement>(selector: string) => document.querySelector<E>(selector);
const frameUp = () => $('.tk-chart__frame')?.style.getPropertyValue('--tk-color-up');

async function renderChart(props: Partial<ChartProps> = {}) {
  current = createChartPlatform({
    products: [productInfo({ productCode: 'EURUSD' })],
    status: { EURUSD: 'open' },
  });
  const tree = (more: Partial<ChartProps>) => (
    <PlatformProvider platform={current!.platform}>
      <Chart symbol="EURUSD" engineLoader={engine.loader} {...props} {...more} />
    </PlatformProvider>
  );
  const view = render(tree({}));
  await act(() => current!.connect());
  act(() => current!.publish([priceEntry({ symbol: 'EURUSD', pricePrecision: 5 })]));
  await waitFor(() => expect(engine.created()).toBe(1));
  return { rerender: (more: Partial<ChartProps>) => view.rerender(tree(more)) };
}

/** The brand turns `userColors` off, as a live config change does. */
function fixColours() {
  const { store, atoms } = current!.platform;
  const config = store.get(atoms.config)!;
  act(() =>
    store.set(atoms.config as PrimitiveAtom<RuntimeConfig | null>, {
      ...config,
      brand: { ...config.brand, userColors: false },
    }),
  );
}

describe('Chart colour pairs and the brand', () => {
  it('offers the pairs a trader saves on the server, in its order (UC2)', () => {
    expect(COLOR_SCHEMES.map((s) => s.id)).toEqual([...COLOR_SCHEME_IDS]);
  });

  it('drops its swatches and a picked pair once the brand fixes its colours', async () => {
    await renderChart();
    fireEvent.click($('[data-scheme="green-red"]')!);
    expect(frameUp()).toBe('#16a34a');
    fixColours();
    expect($('[data-scheme]')).toBeNull();
    expect(frameUp()).toBe('');
  });

  it("keeps the page's own color-scheme attribute", async () => {
    await renderChart({ colorScheme: 'red-green' });
    fixColours();
    expect($('[data-scheme]')).toBeNull();
    expect(frameUp()).toBe('#dc2626');
  });
});
