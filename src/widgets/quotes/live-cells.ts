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

const SELECTORS = {
  bid: '[data-field="bid"] > .tk-quotes__flash',
  ask: '[data-field="ask"] > .tk-quotes__flash',
  price: '[data-field="price"] > .tk-quotes__flash',
  low: '[data-field="bid"] + .tk-quotes__sub',
  high: '[data-field="ask"] + .tk-quotes__sub',
  change: '[data-field="change"]',
  updated: '.tk-quotes__cell--time',
} as const;

type CellName = keyof typeof SELECTORS;

/**
 * One cell as this writer left it: its text node (after what React drew in it, a label) and what it wrote, so
 * that a tick compares strings instead of reading the DOM, as a hand-written table would.
 */
class Cell {
  private text: Text | null = null;
  private shown = '';
  private readonly written = new Map<string, string | null>();
  /** The price's value and move (price cells). */
  flash: Flash | undefined;

  constructor(readonly element: Element) {}

  setText(value: string): void {
    if (this.text && this.shown === value) return;
    this.shown = value;
    if (this.text) this.text.data = value;
    else this.element.append((this.text = document.createTextNode(value)));
  }

  setData(name: string, value: string | null): void {
    if (this.written.has(name) && this.written.get(name) === value) return;
    this.written.set(name, value);
    if (value === null) this.element.removeAttribute(name);
    else this.element.setAttribute(name, value);
  }
}

/** The moving cells of one row element, and the moves of its prices. */
export class LiveCells {
  private cells = new Map<CellName, Cell>();

  /**
   * Find the cells again after a render of `row` (a layout or a column brings or takes some). A cell React drew
   * anew starts afresh: a price without a move, as a price shown for the first time.
   */
  attach(row: Element): void {
    const cells = new Map<CellName, Cell>();
    for (const name of Object.keys(SELECTORS) as CellName[]) {
      const element = row.querySelector(SELECTORS[name]);
      if (!element) continue;
      const known = this.cells.get(name);
      cells.set(name, known?.element === element ? known : new Cell(element));
    }
    this.cells = cells;
  }

  /** Show `view` in the cells found by the last `attach`: only what changed is written. */
  write(view: QuoteRow): void {
    const { cells } = this;
    for (const field of PRICES) {
      const cell = cells.get(field);
      if (!cell) continue;
      const flash = nextFlash(cell.flash, view[field]);
      if (flash === cell.flash) continue;
      cell.flash = flash;
      cell.setText(flash.value);
      cell.setData('data-move', flash.move);
    }
    cells.get('low')?.setText(view.low);
    cells.get('high')?.setText(view.high);
    cells.get('updated')?.setText(view.updated);
    const change = cells.get('change');
    if (change) {
      change.setText(view.change);
      change.setData('data-tone', view.direction);
      change.setData('data-direction', view.direction);
    }
  }
}
