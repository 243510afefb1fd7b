/**
 * The trader's orders on the chart (loaded after the first paint, with the engine): open positions and
 * pending orders in market mode, running options in option mode, the "Show positions on chart" toggle in
 * the toolbar, and the confirm step of a dragged stop loss or take profit; and the trader's price alerts
 * (alert-lines.tsx), which share the engine's lines. The lines are computed here and
 * drawn by the engine (trade-overlays.ts); the change goes through the positions' own update path.
 */
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ProductInfo } from '../../core/contract/types';
import type { MarketOrder } from '../../core/contract/trading';
import { compare } from '../../core/domain/decimal';
import { formatAmount, formatTime } from '../../core/domain/format';
import { optionCountdownText, optionRemainingMs } from '../../core/domain/option-order';
import { signedAmount } from '../../core/domain/order-format';
import type { QuoteView } from '../../core/runtime/types';
import { getSession } from '../../core/session/session';
import { getOrders } from '../../core/state/orders';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { ToastProvider } from '../_shared/toast';
import { useOrderActions } from '../_shared/use-order-actions';
import { useRunningOptions } from '../_shared/use-running-options';
import type { Translate } from '../_shared/use-t';
import type { ChartEngine } from './chart-engine';
import { loadShowLines, saveShowLines } from './line-prefs';
import { AlertLines } from './alert-lines';
import { MoveConfirm } from './move-confirm';
import type { ChartLine, ChartMarker, LineMoved } from './trade-overlays';
import { dragEdit, draggedPrice, marketLines, optionLines } from './trade-lines.logic';
import type { ExpiryMarker, TradeLine } from './trade-lines.logic';
import { useLatestCallback } from './use-latest-callback';

/** Props of the lazily loaded layer (chart.tsx passes what it already holds). */
export interface TradeLinesProps {
  engine: ChartEngine;
  symbol: string;
  precision: number;
  product: ProductInfo | null | undefined;
  prices: ReadonlyMap<string, QuoteView>;
  tradeMode?: string | undefined;
  /** The widget's frame: the toggle joins its toolbar's view actions. */
  frame: HTMLElement | null;
  t: Translate;
}

/** What the engine is told of one layer's lines (this file's orders, alert-lines.tsx's alerts). */
type SetLines = ChartEngine['setTradeLines'];
/** A layer's props: the element's, with its own share of the engine's lines. */
type LayerProps = TradeLinesProps & { setLines: SetLines };

/**
 * The engine draws one set of lines with one drop handler; the orders and the alerts are two layers that
 * each set their own. Each layer gets a setter of its share, and the engine gets them all, with a drop
 * handed to the layer whose line it was.
 */
function useLineLayers(engine: ChartEngine): { orders: SetLines; alerts: SetLines } {
  return useMemo(() => {
    const shares = new Map<
      string,
      { lines: readonly ChartLine[]; markers: readonly ChartMarker[]; onMove: LineMoved }
    >();
    const flush = () => {
      const all = [...shares.values()];
      engine.setTradeLines(
        all.flatMap((s) => s.lines),
        all.flatMap((s) => s.markers),
        (id, price) => all.find((s) => s.lines.some((l) => l.id === id))?.onMove(id, price),
      );
    };
    const share =
      (name: string): SetLines =>
      (lines, markers, onMove) => {
        shares.set(name, { lines, markers, onMove });
        flush();
      };
    return { orders: share('orders'), alerts: share('alerts') };
  }, [engine]);
}

/** A dragged line waiting for the trader's word, then for the server. */
interface Proposal {
  line: TradeLine;
  from: string;
  to: string;
  order: MarketOrder;
  phase: 'ask' | 'sending' | 'sent';
}

/** After a successful change, how long the line may wait at its new price for the socket to confirm it. */
const SETTLE_MS = 5000;
const NO_MOVE = () => undefined;

const sideText = (t: Translate, side: 0 | 1, option: boolean) =>
  option
    ? t(side === 0 ? 'chart.trade.up' : 'chart.trade.down')
    : t(side === 0 ? 'quotes.buy' : 'quotes.sell');

/** The label of a line on the canvas (and in the list read to screen readers). */
function lineText(t: Translate, line: TradeLine, now: number, endTime?: number): string {
  const lots = formatAmount(line.size, { thousands: false, decimals: 2 });
  switch (line.kind) {
    case 'entry':
      return t('chart.lines.entry', {
        side: sideText(t, line.side, false),
        lots,
        pnl: signedAmount(line.pnl),
      });
    case 'pending':
      return t('chart.lines.pending', { side: sideText(t, line.side, false), lots });
    case 'stop':
      return t('chart.lines.stop_loss');
    case 'take':
      return t('chart.lines.take_profit');
    case 'option':
      return t('chart.lines.option', {
        side: sideText(t, line.side, true),
        amount: lots,
        left: optionCountdownText(optionRemainingMs({ endTime: endTime ?? now }, now)),
      });
  }
}

/** Hands the lines to the engine and lists them for screen readers (the canvas says nothing). */
function useDrawn(
  setLines: SetLines,
  lines: readonly TradeLine[],
  markers: readonly ExpiryMarker[],
  text: (line: TradeLine) => string,
  markerText: (marker: ExpiryMarker) => string,
  onMove: (id: string, price: number) => void,
  resync = 0,
) {
  const drawn = useMemo(
    () => ({
      lines: lines.map<ChartLine>((l) => ({
        id: l.id,
        price: Number(l.price),
        text: text(l),
        tone: l.tone,
        draggable: l.draggable,
      })),
      markers: markers.map<ChartMarker>((m) => ({
        id: m.id,
        time: m.time,
        text: markerText(m),
        tone: m.side === 0 ? 'up' : 'down',
      })),
    }),
    [lines, markers, text, markerText],
  );
  useEffect(() => {
    setLines(drawn.lines, drawn.markers, onMove);
  }, [setLines, drawn, onMove, resync]);
  useEffect(() => () => setLines([], [], NO_MOVE), [setLines]);
  return drawn.lines;
}

function LineList({
  lines,
  t,
  priced,
}: {
  lines: readonly ChartLine[];
  t: Translate;
  priced: (l: ChartLine) => string;
}) {
  return (
    <ul className="tk-visually-hidden" aria-label={t('chart.lines.list')} data-testid="trade-lines">
      {lines.map((line) => (
        <li key={line.id} data-line={line.id.slice(line.id.lastIndexOf(':') + 1)} data-price={priced(line)}>
          {line.text} {priced(line)}
        </li>
      ))}
    </ul>
  );
}

/** Open positions and pending orders of the symbol, with dragging of their SL and TP. */
function MarketLines({ setLines, symbol, precision, product, prices, t }: LayerProps) {
  const platform = usePlatform();
  const orders = useMemo(() => getOrders(platform), [platform]);
  const open = useAtomValue(orders.atoms.openOrders);
  const pending = useAtomValue(orders.atoms.pendingOrders);
  const actions = useOrderActions();
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [resync, setResync] = useState(0);
  const all = useMemo(() => [...(open ?? []), ...(pending ?? [])], [open, pending]);
  const quote = prices.get(symbol);
  const lines = useMemo(() => {
    const rates = (code: string) => {
      const q = prices.get(code);
      return q ? { bid: q.bidPrice, ask: q.askPrice } : null;
    };
    const context = {
      product: product ?? null,
      quote: quote ? { bid: quote.bidPrice, ask: quote.askPrice } : null,
      rates,
    };
    const model = marketLines(all, symbol, context);
    // The dragged line waits at its new price while the trader and then the server decide.
    return proposal
      ? model.map((l) => (l.id === proposal.line.id ? { ...l, price: proposal.to } : l))
      : model;
  }, [all, symbol, product, quote, prices, proposal]);

  // A sent change ends when the socket shows it (or the order left), or after SETTLE_MS at the latest.
  useEffect(() => {
    if (proposal?.phase !== 'sent') return;
    const order = all.find((o) => o.id === proposal.order.id);
    const field = proposal.line.kind === 'stop' ? order?.stopPrice : order?.takeProfitPrice;
    if (!order || (field && compare(field, proposal.to) === 0)) return setProposal(null);
    const timer = setTimeout(() => setProposal(null), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [proposal, all]);

  const onMove = useLatestCallback((id: string, value: number) => {
    const line = lines.find((l) => l.id === id);
    const order = line ? all.find((o) => o.id === line.orderId) : undefined;
    const price = draggedPrice(value, precision);
    const edit = line && order && price ? dragEdit(line, order, price) : null;
    if (!line || !order || !price || edit?.kind !== 'change') return setResync((n) => n + 1);
    setProposal({ line, from: line.price, to: price, order, phase: 'ask' });
  });
  const confirm = async () => {
    if (!proposal) return;
    const edit = dragEdit(proposal.line, proposal.order, proposal.to);
    if (edit?.kind !== 'change') return setProposal(null);
    setProposal({ ...proposal, phase: 'sending' });
    const ok = await actions.update(edit.request);
    // Refused: the toast tells why and the line goes back to the order's price.
    setProposal(ok ? { ...proposal, phase: 'sent' } : null);
  };

  const text = useMemo(() => (line: TradeLine) => lineText(t, line, 0), [t]);
  const drawn = useDrawn(setLines, lines, [], text, () => '', onMove, resync);
  const priced = (l: ChartLine) => lines.find((m) => m.id === l.id)?.price ?? '';
  const asking = proposal && proposal.phase !== 'sent' ? proposal : null;
  return (
    <>
      <LineList lines={drawn} t={t} priced={priced} />
      {asking ? (
        <MoveConfirm
          kind={asking.line.kind === 'stop' ? 'stop' : 'take'}
          from={asking.from}
          to={asking.to}
          busy={asking.phase === 'sending'}
          t={t}
          onCancel={() => setProposal(null)}
          onConfirm={() => void confirm()}
        />
      ) : null}
    </>
  );
}

/** Running options of the symbol: entry line and expiry marker, polled like the position page does. */
function OptionLines({ setLines, symbol, t, accountKey }: LayerProps & { accountKey: string }) {
  const platform = usePlatform();
  const now = useAtomValue(platform.atoms.clock);
  const zone = useAtomValue(platform.atoms.config)?.brand.timezone;
  const { items, expired, dismiss } = useRunningOptions(accountKey, now);
  // Nobody here opens a settlement drawer: let the hook's queue go.
  useEffect(() => {
    if (expired.length > 0) dismiss();
  }, [expired, dismiss]);
  const { lines, markers } = useMemo(() => optionLines(items ?? [], symbol), [items, symbol]);
  const ends = useMemo(() => new Map((items ?? []).map((o) => [`${o.uid}:option`, o.endTime])), [items]);
  const text = useMemo(() => (line: TradeLine) => lineText(t, line, now, ends.get(line.id)), [t, now, ends]);
  const markerText = useMemo(
    () => (m: ExpiryMarker) => t('chart.lines.expiry', { time: formatTime(m.time, 'HH:mm:ss', zone) }),
    [t, zone],
  );
  const drawn = useDrawn(setLines, lines, markers, text, markerText, NO_MOVE);
  const priced = (l: ChartLine) => lines.find((m) => m.id === l.id)?.price ?? '';
  return <LineList lines={drawn} t={t} priced={priced} />;
}

/** The toggle, in the toolbar's view actions when there is a toolbar. */
function Toggle({
  frame,
  on,
  t,
  onChange,
}: {
  frame: HTMLElement | null;
  on: boolean;
  t: Translate;
  onChange: (on: boolean) => void;
}) {
  const target = frame?.querySelector<HTMLElement>('.tk-chart__actions');
  if (!target) return null;
  const label = t('chart.lines.toggle');
  return createPortal(
    <button
      type="button"
      className="tk-chart__tool"
      data-action="trade-lines"
      aria-label={label}
      title={label}
      aria-pressed={on}
      onClick={() => onChange(!on)}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M3 8h18M3 16h18M7 5v6M15 13v6" stroke="currentColor" strokeWidth="1.6" fill="none" />
      </svg>
    </button>,
    target,
  );
}

/** The layer: signed in and switched on, the lines of the trade mode; otherwise nothing on the chart. */
export default function TradeLines(props: TradeLinesProps) {
  const platform = usePlatform();
  const session = useMemo(() => getSession(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  const [show, setShow] = useState(loadShowLines);
  const layers = useLineLayers(props.engine);
  const signedIn = state.status === 'signedIn';
  const change = (on: boolean) => {
    saveShowLines(on);
    setShow(on);
  };
  const body =
    !signedIn || !show ? null : props.tradeMode === 'option' ? (
      <OptionLines {...props} setLines={layers.orders} accountKey={`${state.virtual}|${state.uid}`} />
    ) : (
      <MarketLines {...props} setLines={layers.orders} />
    );
  return (
    <ToastProvider className="tk-chart__notice" testId="chart-trade-toast">
      {signedIn ? <Toggle frame={props.frame} on={show} t={props.t} onChange={change} /> : null}
      {body}
      {/* The alerts do not follow the positions toggle: they are the trader's own levels, not orders. */}
      {signedIn ? <AlertLines {...props} setLines={layers.alerts} /> : null}
    </ToastProvider>
  );
}
