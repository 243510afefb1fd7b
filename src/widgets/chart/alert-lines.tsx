/**
 * Price alerts on the chart (issue #25; loaded after the first paint, with the trade lines): the trader's
 * active bid and ask alerts of the symbol as lines, and the alert tool of the toolbar, which puts a line at
 * the bid for the trader to drag to a level; the dropped level is confirmed on a card and sent as
 * `AlertCreate`. The list is read when the layer opens, after a create and when an alert's notification
 * arrives on the socket (a fired alert leaves it then).
 */
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { createPortal } from 'react-dom';
import { AlertCreate, AlertList, type PriceAlert } from '../../core/contract/alerts';
import { AlarmType } from '../../core/contract/notifications';
import type { QuoteView } from '../../core/runtime/types';
import { usePlatform } from '../_shared/platform-context';
import { useToast } from '../_shared/toast';
import { useNoticeReload } from '../_shared/use-notice-reload';
import type { Translate } from '../_shared/use-t';
import { AlertConfirm } from './alert-confirm';
import { DRAFT_LINE, IDLE, alertLines, createRequest, nextDraft } from './alert-lines.logic';
import type { AlertLine } from './alert-lines.logic';
import type { ChartEngine } from './chart-engine';
import type { ChartLine } from './trade-overlays';

/** Props of the alert layer (trade-lines.tsx passes what it holds). */
export interface AlertLinesProps {
  /** This layer's share of the engine's lines. */
  setLines: ChartEngine['setTradeLines'];
  symbol: string;
  precision: number;
  prices: ReadonlyMap<string, QuoteView>;
  tradeMode?: string | undefined;
  frame: HTMLElement | null;
  t: Translate;
}

const CONDITION_KEYS = {
  bid_above: 'chart.alerts.line_bid_above',
  bid_below: 'chart.alerts.line_bid_below',
  ask_above: 'chart.alerts.line_ask_above',
  ask_below: 'chart.alerts.line_ask_below',
} as const;

/** The trader's active alerts, read when the layer opens and again on `reload`. */
function useAlertList(): { alerts: readonly PriceAlert[]; reload: () => void } {
  const platform = usePlatform();
  const [alerts, setAlerts] = useState<readonly PriceAlert[]>([]);
  const reload = useCallback(() => {
    void platform.api.call(AlertList, {}).then((result) => {
      // A failed read keeps the lines shown: they are a view, and the next read sets them right.
      if (result.ok) setAlerts(result.data.active);
    });
  }, [platform]);
  useEffect(reload, [reload]);
  return { alerts, reload };
}

/** The tool's button, in the toolbar's view actions when there is a toolbar. */
function AlertTool({
  frame,
  on,
  disabled,
  t,
  onClick,
}: {
  frame: HTMLElement | null;
  on: boolean;
  disabled: boolean;
  t: Translate;
  onClick: () => void;
}) {
  const target = frame?.querySelector<HTMLElement>('.tk-chart__actions');
  if (!target) return null;
  const label = t('chart.alerts.tool');
  return createPortal(
    <button
      type="button"
      className="tk-chart__tool"
      data-action="alert"
      aria-label={label}
      title={label}
      aria-pressed={on}
      disabled={disabled}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M12 4a5 5 0 0 0-5 5v4l-2 3h14l-2-3V9a5 5 0 0 0-5-5zM10 19a2 2 0 0 0 4 0M2 12h2M20 12h2"
          stroke="currentColor"
          strokeWidth="1.6"
          fill="none"
        />
      </svg>
    </button>,
    target,
  );
}

/** The layer: the alert lines of the symbol, the tool and its confirm card. */
export function AlertLines({ setLines, symbol, precision, prices, tradeMode, frame, t }: AlertLinesProps) {
  const platform = usePlatform();
  const toast = useToast();
  const { alerts, reload } = useAlertList();
  const [draft, dispatch] = useReducer(nextDraft, IDLE);
  // A drop that changes nothing still has to put the line back where the state says.
  const [resync, setResync] = useState(0);
  const bid = prices.get(symbol)?.bidPrice;

  // Another symbol: the line being placed belonged to the last one.
  useEffect(() => dispatch({ type: 'cancel' }), [symbol]);

  const saved = useMemo(() => alertLines(alerts, symbol), [alerts, symbol]);
  // A fired alert leaves the list: its notification is the cue to read it again. Only while the symbol has
  // alert lines to take away, so a chart without them opens no socket for it.
  useNoticeReload(saved.length > 0, AlarmType.priceAlert, reload);
  const lines = useMemo(() => {
    const text = (line: AlertLine) => t(CONDITION_KEYS[line.condition], { level: line.level });
    const drawn: ChartLine[] = saved.map((line) => ({
      id: line.id,
      price: Number(line.level),
      text: text(line),
      tone: 'flat',
      draggable: false,
    }));
    if (draft.phase !== 'idle')
      drawn.push({
        id: DRAFT_LINE,
        price: Number(draft.level),
        text: t('chart.alerts.drag'),
        tone: 'accent',
        draggable: draft.phase === 'placing',
      });
    return drawn;
  }, [saved, draft, t]);

  const onMove = useCallback(
    (id: string, value: number) => {
      if (id !== DRAFT_LINE) return;
      dispatch({ type: 'drop', value, bid, precision });
      setResync((n) => n + 1);
    },
    [bid, precision],
  );
  useEffect(() => setLines(lines, [], onMove), [setLines, lines, onMove, resync]);
  useEffect(() => () => setLines([], [], () => undefined), [setLines]);

  const confirm = async () => {
    if (draft.phase !== 'ask') return;
    dispatch({ type: 'confirm' });
    const mode = tradeMode === 'option' ? 'option' : 'market';
    const result = await platform.api.call(AlertCreate, createRequest(draft, symbol, mode));
    dispatch({ type: 'sent', ok: result.ok });
    if (!result.ok) return toast(result.message, 'error');
    toast(t('chart.alerts.set', { symbol, level: draft.level }));
    reload();
  };

  return (
    <>
      <AlertTool
        frame={frame}
        on={draft.phase !== 'idle'}
        disabled={draft.phase === 'idle' && bid === undefined}
        t={t}
        onClick={() =>
          dispatch(draft.phase === 'idle' ? { type: 'start', bid, precision } : { type: 'cancel' })
        }
      />
      <ul className="tk-visually-hidden" aria-label={t('chart.alerts.list')} data-testid="alert-lines">
        {lines.map((line) => (
          <li key={line.id} data-line={line.id}>
            {line.text}
          </li>
        ))}
      </ul>
      {draft.phase === 'ask' || draft.phase === 'sending' ? (
        <AlertConfirm
          symbol={symbol}
          condition={draft.condition}
          bid={bid ?? ''}
          level={draft.level}
          busy={draft.phase === 'sending'}
          t={t}
          onCancel={() => dispatch({ type: 'cancel' })}
          onConfirm={() => void confirm()}
        />
      ) : null}
    </>
  );
}
