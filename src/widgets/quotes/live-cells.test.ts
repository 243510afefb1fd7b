// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { LiveCells, nextFlash } from './live-cells';
import type { QuoteRow } from './quote-row.logic';

describe('nextFlash (QF1)', () => {
  it.each([
    ['the first value has no move', undefined, '1.0823', { value: '1.0823', move: null }],
    ['a higher price moves up', { value: '1.0823', move: null }, '1.0824', { value: '1.0824', move: 'up' }],
    [
      'a lower price moves down',
      { value: '1.0824', move: 'up' },
      '1.0820',
      { value: '1.0820', move: 'down' },
    ],
    [
      'the same number written differently keeps the move',
      { value: '1.0824', move: 'up' },
      '1.08240',
      { value: '1.08240', move: 'up' },
    ],
    ['what is not a price clears it', { value: '1.0824', move: 'up' }, '--', { value: '--', move: null }],
  ] as const)('%s', (_, was, value, next) => {
    expect(nextFlash(was, value)).toEqual(next);
  });

  it('answers the same state for the same text (nothing to write)', () => {
    const was = { value: '1.0824', move: 'up' as const };
    expect(nextFlash(was, '1.0824')).toBe(was);
  });
});

/** A row element as QuoteRow draws it in the table layout, without what the row writes. */
function drawnRow(): HTMLElement {
  const row = document.createElement('div');
  row.innerHTML = `
    <div class="tk-quotes__cell tk-quotes__cell--time"></div>
    <div><span data-field="bid"><span class="tk-quotes__flash"></span></span><span class="tk-quotes__sub"><span>Low </span></span></div>
    <div><span data-field="ask"><span class="tk-quotes__flash"></span></span><span class="tk-quotes__sub"><span>High </span></span></div>
    <div><span data-field="change" class="tk-badge"></span></div>`;
  return row;
}

const view = (over: Partial<QuoteRow> = {}): QuoteRow => ({
  symbol: 'EURUSD',
  name: 'Euro / US Dollar',
  bid: '1.08230',
  ask: '1.08250',
  low: '1.08000',
  high: '1.09000',
  price: '',
  change: '+0.12%',
  direction: 'up',
  updated: '01-15 07:00:05',
  stale: false,
  closed: false,
  logoUrl: null,
  ...over,
});

describe('LiveCells (EK38)', () => {
  it('writes the texts after what React drew, the tone and direction of the change, and the moves', () => {
    const row = drawnRow();
    const cells = new LiveCells();
    cells.attach(row);
    cells.write(view());
    const text = (selector: string) => row.querySelector(selector)?.textContent;
    expect(text('[data-field="bid"]')).toBe('1.08230');
    expect(text('[data-field="ask"]')).toBe('1.08250');
    expect(text('[data-field="bid"] + .tk-quotes__sub')).toBe('Low 1.08000');
    expect(text('[data-field="ask"] + .tk-quotes__sub')).toBe('High 1.09000');
    expect(text('.tk-quotes__cell--time')).toBe('01-15 07:00:05');
    const change = row.querySelector('[data-field="change"]')!;
    expect([
      change.textContent,
      change.getAttribute('data-tone'),
      change.getAttribute('data-direction'),
    ]).toEqual(['+0.12%', 'up', 'up']);
    expect(row.querySelector('[data-move]')).toBeNull();

    cells.write(view({ bid: '1.08240', ask: '1.08200', change: '-0.01%', direction: 'down' }));
    const move = (field: string) =>
      row.querySelector(`[data-field="${field}"] > *`)?.getAttribute('data-move');
    expect([move('bid'), move('ask')]).toEqual(['up', 'down']);
    expect([change.textContent, change.getAttribute('data-tone')]).toEqual(['-0.01%', 'down']);
    // One text node per cell, written in place.
    expect(row.querySelector('[data-field="bid"] + .tk-quotes__sub')?.childNodes).toHaveLength(2);
    expect(row.querySelector('[data-field="bid"] > *')?.childNodes).toHaveLength(1);
  });

  it('writes nothing that did not change', () => {
    const row = drawnRow();
    const cells = new LiveCells();
    cells.attach(row);
    cells.write(view());
    const observer = new MutationObserver(() => undefined);
    observer.observe(row, { subtree: true, attributes: true, characterData: true, childList: true });
    cells.write(view());
    expect(observer.takeRecords()).toEqual([]);
    cells.write(view({ bid: '1.08231' }));
    expect(observer.takeRecords().map((record) => record.type)).toEqual(['characterData', 'attributes']);
    observer.disconnect();
  });

  it('starts a price cell drawn anew without a move', () => {
    const row = drawnRow();
    const cells = new LiveCells();
    cells.attach(row);
    cells.write(view());
    cells.write(view({ bid: '1.08240' }));
    const bid = row.querySelector('[data-field="bid"]')!;
    bid.replaceChildren(Object.assign(document.createElement('span'), { className: 'tk-quotes__flash' }));
    cells.attach(row);
    cells.write(view({ bid: '1.08250' }));
    expect(bid.firstElementChild?.getAttribute('data-move')).toBeNull();
    expect(bid.textContent).toBe('1.08250');
  });
});
