/**
 * The values of a quote row that move with its ticks — the prices with the colour of their last move, low,
 * high, change and time — written into the row's elements when its quote changes, without a render (EK38).
 * React draws a row and renders it again only when what it draws changes (delayed, closed, name, layout,
 * columns); a tick that moved a tenth of a thousand rows was a hundred row renders, each reconciling every
 * element of its row for the few texts that moved.
 *
 * React owns none of what this writes: the cells are drawn without their text, move, tone or direction, so a
 * later render never puts back a value older than the one written here.
 */
import { isDecimal } from '../../core/domain/decimal';
import { priceMove } from './quote-row.logic';
import type { QuoteRow } from './quote-row.logic';

type Move = 'up' | 'down' | null;

/** A shown price and the move it keeps the colour of (QF1). */
export interface Flash {
  value: string;
  move: Move;
}

/**
 * QF1: the first value has no move; a new value takes the colour of its move; the same number written
 * differently keeps the last move's colour; what is not a price clears it.
 */
export function nextFlash(was: Flash | undefined, value: string): Flash {
  if (!was) return { value, move: null };
  if (was.value === value) return was;
  return { value, move: priceMove(was.value, value) ?? (isDecimal(value) ? was.move : null) };
}

const PRICES = ['bid', 'ask', 'price'] as const;

/** The text of `element` after what React drew in it (a label), kept in one text node of its own. */
function setText(element: Element | null, value: string): void {
  if (!element) return;
  const last = element.lastChild;
  if (last instanceof Text) {
    if (last.data !== value) last.data = value;
  } else element.append(value);
}

function setData(element: Element | null, name: string, value: string | null): void {
  if (!element || element.getAttribute(name) === value) return;
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

/** The moving cells of one row element, and the moves of its prices. */
export class LiveCells {
  /** Each price cell's last value and move, with the element they were written in. */
  private readonly flashes = new Map<string, { cell: Element; flash: Flash }>();
  private row: Element | null = null;
  private cells: Record<string, Element | null> = {};

  /** Find the cells again after a render of `row` (a layout or a column brings or takes some). */
  attach(row: Element): void {
    this.row = row;
    const find = (selector: string) => row.querySelector(selector);
    this.cells = {
      bid: find('[data-field="bid"] > .tk-quotes__flash'),
      ask: find('[data-field="ask"] > .tk-quotes__flash'),
      price: find('[data-field="price"] > .tk-quotes__flash'),
      low: find('[data-field="bid"] + .tk-quotes__sub'),
      high: find('[data-field="ask"] + .tk-quotes__sub'),
      change: find('[data-field="change"]'),
      updated: find('.tk-quotes__cell--time'),
    };
  }

  /** Show `view` in the cells found by the last `attach`: only what changed is written. */
  write(view: QuoteRow): void {
    if (!this.row) return;
    const { cells } = this;
    for (const field of PRICES) {
      const cell = cells[field] ?? null;
      if (!cell) {
        this.flashes.delete(field);
        continue;
      }
      // A cell React drew anew starts without a move, as a price shown for the first time.
      const was = this.flashes.get(field);
      const flash = nextFlash(was?.cell === cell ? was.flash : undefined, view[field]);
      this.flashes.set(field, { cell, flash });
      setText(cell, flash.value);
      setData(cell, 'data-move', flash.move);
    }
    setText(cells.low ?? null, view.low);
    setText(cells.high ?? null, view.high);
    setText(cells.updated ?? null, view.updated);
    const change = cells.change ?? null;
    setText(change, view.change);
    setData(change, 'data-tone', view.direction);
    setData(change, 'data-direction', view.direction);
  }
}
