/**
 * Price alerts set from the chart (issue #25), pure: where the alert line starts, the level a drop means at
 * the product's precision, the condition the level asks for against the current bid, the trader's active
 * alerts of the symbol as lines, and the steps of the tool (place, drag, confirm or cancel, send).
 */
import type { AlertCondition, PriceAlert } from '../../core/contract/alerts';
import { compare } from '../../core/domain/decimal';
import type { Decimal } from '../../core/domain/decimal';
import { draggedPrice } from './trade-lines.logic';

/** The id of the line being placed; saved alerts are `alert:<id>`. */
export const DRAFT_LINE = 'alert:draft';
const SAVED_PREFIX = 'alert:';

/** The two conditions the chart sets: the line is a bid level. */
export type ChartAlertCondition = Extract<AlertCondition, 'bid_above' | 'bid_below'>;

/**
 * The condition a level asks for: above the bid it waits for the bid to rise to it, below for it to fall.
 * A level at the bid itself asks nothing (the alert would fire on the next tick): null.
 */
export function conditionOf(level: Decimal, bid: Decimal): ChartAlertCondition | null {
  const side = compare(level, bid);
  return side > 0 ? 'bid_above' : side < 0 ? 'bid_below' : null;
}

/** The level of a line dropped at `value`, at the product's precision (null off the positive prices). */
export const levelAt = (value: number, precision: number): Decimal | null => draggedPrice(value, precision);

/** One of the trader's alerts as a chart line. */
export interface AlertLine {
  id: string;
  alertId: string;
  condition: ChartAlertCondition | 'ask_above' | 'ask_below';
  level: Decimal;
}

/** The active bid and ask level alerts of `symbol` (a `move_pct` alert has no level to draw). */
export function alertLines(alerts: readonly PriceAlert[], symbol: string): AlertLine[] {
  const lines: AlertLine[] = [];
  for (const alert of alerts) {
    if (alert.symbol !== symbol || alert.state !== 'active' || alert.level === null) continue;
    if (alert.condition === 'move_pct') continue;
    lines.push({
      id: SAVED_PREFIX + alert.id,
      alertId: alert.id,
      condition: alert.condition,
      level: alert.level,
    });
  }
  return lines;
}

/**
 * The tool's steps: `idle`; `placing` a line the trader drags (at `level`); `ask` for the word on a dropped
 * level; `sending` it to the server. A refusal goes back to `ask` so the trader may confirm again or cancel.
 */
export type AlertDraft =
  | { phase: 'idle' }
  | { phase: 'placing'; level: Decimal }
  | { phase: 'ask' | 'sending'; level: Decimal; condition: ChartAlertCondition };

export type DraftEvent =
  | { type: 'start'; bid: Decimal | undefined; precision: number }
  | { type: 'drop'; value: number; bid: Decimal | undefined; precision: number }
  | { type: 'cancel' }
  | { type: 'confirm' }
  | { type: 'sent'; ok: boolean };

export const IDLE: AlertDraft = { phase: 'idle' };

/** The next step of the tool after `event` (the same object when the event changes nothing). */
export function nextDraft(draft: AlertDraft, event: DraftEvent): AlertDraft {
  switch (event.type) {
    case 'start': {
      // The line starts at the bid at the product's precision; without a quote there is nothing to start from.
      const level = event.bid === undefined ? null : levelAt(Number(event.bid), event.precision);
      if (!level || draft.phase === 'sending') return draft;
      return { phase: 'placing', level };
    }
    case 'drop': {
      if (draft.phase !== 'placing' && draft.phase !== 'ask') return draft;
      const level = levelAt(event.value, event.precision);
      if (!level) return { phase: 'placing', level: draft.level };
      const condition = event.bid === undefined ? null : conditionOf(level, event.bid);
      // Dropped on the bid (or with no bid to compare): the line stays to be dragged on.
      return condition ? { phase: 'ask', level, condition } : { phase: 'placing', level };
    }
    case 'cancel':
      return draft.phase === 'sending' ? draft : IDLE;
    case 'confirm':
      return draft.phase === 'ask' ? { ...draft, phase: 'sending' } : draft;
    case 'sent':
      if (draft.phase !== 'sending') return draft;
      return event.ok ? IDLE : { ...draft, phase: 'ask' };
  }
}

/** What the create call sends for a confirmed draft. */
export function createRequest(
  draft: Extract<AlertDraft, { phase: 'ask' | 'sending' }>,
  symbol: string,
  mode: 'market' | 'option',
) {
  return { symbol, mode, condition: draft.condition, level: draft.level };
}
