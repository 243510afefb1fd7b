// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PriceAlert } from '../../core/contract/alerts';
import type { QuoteView } from '../../core/runtime/types';
import { createHarness, makeToken } from '../../core/session/session.fixture';
import type { Answer, Handler, Harness } from '../../core/session/session.fixture';
import { PlatformProvider } from '../_shared/platform-context';
import { priceEntry } from '../_shared/test-platform.fixture';
import { useT } from '../_shared/use-t';
import { SHOW_LINES_KEY } from './line-prefs';
import { productInfo, recordingEngine } from './chart-test.fixture';
import type { RecordingEngine } from './chart-test.fixture';
import TradeLines from './trade-lines';
import type { ChartLine, ChartMarker, LineMoved } from './trade-overlays';

const EUR = productInfo({ productCode: 'EURUSD', type: 2, contractSize: '100000', pricePrecision: 5 });
const prices: ReadonlyMap<string, QuoteView> = new Map([
  [
    'EURUSD',
    {
      ...priceEntry({ symbol: 'EURUSD', bidPrice: '1.16000', askPrice: '1.16010', pricePrecision: 5 }),
      receivedAt: 0,
    },
  ],
]);
const saved = (id: string, over: Partial<PriceAlert> = {}): PriceAlert => ({
  id,
  symbol: 'EURUSD',
  mode: 'market',
  condition: 'bid_above',
  level: '1.17000',
  percent: null,
  referencePrice: null,
  note: '',
  state: 'active',
  createdAtTs: 0,
  firedAtTs: null,
  firedPrice: null,
  ...over,
});

let engine: RecordingEngine;
let h: Harness;

beforeEach(() => {
  localStorage.clear();
  // The positions toggle off: what is drawn is the alerts' alone, and no order socket opens.
  localStorage.setItem(SHOW_LINES_KEY, '0');
  engine = recordingEngine();
});
afterEach(() => {
  cleanup();
  h?.session.close();
  h?.platform.close();
});

function Layer({ frame, mode }: { frame: HTMLElement; mode?: string }) {
  const t = useT();
  return (
    <TradeLines
      engine={engine.engine}
      symbol="EURUSD"
      precision={5}
      product={EUR}
      prices={prices}
      tradeMode={mode}
      frame={frame}
      t={t}
    />
  );
}

async function renderLayer(handlers: Record<string, Handler>, mode?: string) {
  h = createHarness({ handlers });
  await h.platform.ready;
  const exp = Math.floor(Date.now() / 1000) + 900;
  await h.session.signIn({
    token: makeToken({ exp }),
    refreshToken: 'r-1',
    qrcodeStatus: 1,
    expiresAt: exp * 1000,
  });
  const frame = document.createElement('div');
  frame.innerHTML = '<div class="tk-chart__actions"></div>';
  document.body.append(frame);
  await act(async () => {
    render(
      <PlatformProvider platform={h.platform}>
        <Layer frame={frame} mode={mode} />
      </PlatformProvider>,
    );
  });
  return frame;
}

const drawn = () =>
  (engine.last('setTradeLines') ?? [[], [], () => undefined]) as [ChartLine[], ChartMarker[], LineMoved];
const shown = () => drawn()[0].map((l) => [l.id, l.price, l.text, l.draggable]);
const drop = (id: string, price: number) => act(() => drawn()[2](id, price));
const tool = (frame: HTMLElement) => within(frame).getByRole('button', { name: 'Set a price alert' });

describe('price alerts set from the chart', () => {
  it("draws the trader's active alerts of the symbol", async () => {
    const list = vi.fn((): Answer => ({
      code: 0,
      data: {
        active: [saved('7'), saved('8', { symbol: 'GBPUSD' })],
        past: [saved('6', { state: 'fired' })],
      },
    }));
    await renderLayer({ 'waa/alerts/list': list });
    await waitFor(() => expect(shown()).toEqual([['alert:7', 1.17, 'Alert · Bid ≥ 1.17000', false]]));
  });

  it('puts a line at the bid, asks on the drop and sets a bid_above alert at the precision', async () => {
    let active: PriceAlert[] = [];
    const list = vi.fn((): Answer => ({ code: 0, data: { active, past: [] } }));
    const create = vi.fn((body: unknown): Answer => {
      active = [saved('9', { level: '1.16120', mode: 'option' })];
      return { code: 0, data: { alert: { ...active[0], ...(body as object) } } };
    });
    const frame = await renderLayer({ 'waa/alerts/list': list, 'waa/alerts/create': create }, 'option');
    await waitFor(() => expect(list).toHaveBeenCalledTimes(1));
    fireEvent.click(tool(frame));
    expect(tool(frame).getAttribute('aria-pressed')).toBe('true');
    expect(shown()).toEqual([['alert:draft', 1.16, 'Drag to the alert level', true]]);

    drop('alert:draft', 1.1612049);
    const dialog = screen.getByRole('alertdialog', { name: 'Alert when the EURUSD bid rises to 1.16120?' });
    expect(within(dialog).getByTestId('confirm-alert-fields').textContent).toBe(
      'Current bid1.16000Alert level1.16120',
    );
    // The line waits at the dropped level, no longer to be dragged, while the trader decides.
    expect(shown()).toEqual([['alert:draft', 1.1612, 'Drag to the alert level', false]]);
    await act(async () => fireEvent.click(within(dialog).getByTestId('confirm-alert')));
    expect(create).toHaveBeenCalledWith(
      { symbol: 'EURUSD', mode: 'option', condition: 'bid_above', level: '1.16120' },
      expect.anything(),
    );
    await waitFor(() => expect(screen.getByText('Alert set: EURUSD at 1.16120')).toBeTruthy());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(shown()).toEqual([['alert:9', 1.1612, 'Alert · Bid ≥ 1.16120', false]]));
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('asks for the bid to fall to a level below it, and cancels without a call', async () => {
    const create = vi.fn((): Answer => ({ code: 0, data: null }));
    const frame = await renderLayer({
      'waa/alerts/list': () => ({ code: 0, data: { active: [], past: [] } }),
      'waa/alerts/create': create,
    });
    fireEvent.click(tool(frame));
    drop('alert:draft', 1.15);
    const dialog = screen.getByRole('alertdialog', { name: 'Alert when the EURUSD bid falls to 1.15000?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(shown()).toEqual([]);
    expect(tool(frame).getAttribute('aria-pressed')).toBe('false');
    expect(create).not.toHaveBeenCalled();
  });

  it('keeps the line to drag on when dropped at the bid, and the tool takes it away', async () => {
    const frame = await renderLayer({
      'waa/alerts/list': () => ({ code: 0, data: { active: [], past: [] } }),
    });
    fireEvent.click(tool(frame));
    drop('alert:draft', 1.160001);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(shown()).toEqual([['alert:draft', 1.16, 'Drag to the alert level', true]]);
    fireEvent.click(tool(frame));
    expect(shown()).toEqual([]);
  });

  it("shows the server's refusal and asks again", async () => {
    const frame = await renderLayer({
      'waa/alerts/list': () => ({ code: 0, data: { active: [], past: [] } }),
      'waa/alerts/create': () => ({ code: 1010, msg: 'limit', data: null }),
    });
    fireEvent.click(tool(frame));
    drop('alert:draft', 1.17);
    await act(async () => fireEvent.click(screen.getByTestId('confirm-alert')));
    await waitFor(() =>
      expect(screen.getByTestId('chart-trade-toast-alert').textContent).toMatch(/\(1010\)$/),
    );
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(screen.getByTestId('confirm-alert').hasAttribute('disabled')).toBe(false);
  });
});
