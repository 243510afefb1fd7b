import { describe, expect, it } from 'vitest';
import type { OrderQueryResponse } from '../../core/contract/trading';
import { marketOrder, positionSummary } from '../../core/feeds/exchange-feed.fixture';
import type { CallResult } from '../../core/runtime/types';
import { applyPage, asPage, initialPaging, nextPage } from '../_shared/paging';
import type { Paging } from '../_shared/paging';
import { keepOrder, orderPage, queryFor, reasonKey, statusTone, timesFor } from './history.logic';
import type { HistoryFilter, PnlTotals } from './history.logic';

const answer = (
  list: ReturnType<typeof marketOrder>[],
  page: number,
  pages: number,
): CallResult<OrderQueryResponse> => {
  const data = {
    list,
    page,
    pages,
    total: 0,
    profitLossToday: '1.00',
    profitLossTotal: '9.00',
    summary: positionSummary(),
  };
  return { ok: true, data, envelope: { code: 0, msg: '', data } };
};
const invalid: CallResult<OrderQueryResponse> = { ok: false, code: -1, message: 'invalid (-1)' };
type OrderPaging = Paging<ReturnType<typeof marketOrder>, PnlTotals>;
const INITIAL_PAGING: OrderPaging = initialPaging();
/** The history's paging step: the shared one over the answer as a page, keeping the filter's orders. */
const step = (
  paging: OrderPaging,
  page: number,
  filter: HistoryFilter,
  result: CallResult<OrderQueryResponse>,
): OrderPaging => applyPage(paging, page, asPage(result, orderPage), (o) => keepOrder(filter, o));

describe('history logic', () => {
  it.each([
    ['pending', 1, 'orderTime'],
    ['position', 2, 'orderTime'],
    ['deal', 3, 'closingTime'],
    ['canceled', 4, 'orderTime'],
    ['exception', 4, 'orderTime'],
  ] as const)('asks for the %s filter with positionStatus %i sorted by %s', (filter, status, columns) => {
    expect(queryFor(filter, 3)).toEqual({ page: 3, limit: 10, columns, positionStatus: status });
  });

  it('keeps only failed orders on the exception filter', () => {
    expect(keepOrder('exception', marketOrder({ positionStatus: 4, closeReason: 'failed' }))).toBe(true);
    expect(keepOrder('exception', marketOrder({ positionStatus: 4, closeReason: 'cancelled' }))).toBe(false);
    expect(keepOrder('canceled', marketOrder({ positionStatus: 4, closeReason: 'failed' }))).toBe(true);
  });

  it('appends pages, skips orders already listed and stops at the last page', () => {
    let p = step(INITIAL_PAGING, 1, 'deal', answer([marketOrder({ id: 'a' })], 1, 2));
    expect(p).toMatchObject({
      page: 1,
      pages: 2,
      done: false,
      summary: { total: '9.00', today: '1.00' },
    });
    expect(nextPage(p)).toBe(2);
    p = step(p, 2, 'deal', answer([marketOrder({ id: 'a' }), marketOrder({ id: 'b' })], 2, 2));
    expect(p.items.map((o) => o.id)).toEqual(['a', 'b']);
    expect(p.done).toBe(true);
    expect(nextPage(p)).toBeNull();
  });

  it('keeps paging past a page whose orders the exception filter all dropped', () => {
    const cancelled = marketOrder({ id: 'c', positionStatus: 4, closeReason: 'cancelled' });
    const failed = marketOrder({ id: 'f', positionStatus: 4, closeReason: 'failed' });
    let p = step(INITIAL_PAGING, 1, 'exception', answer([cancelled], 1, 2));
    expect(p).toMatchObject({ items: [], page: 1, done: false });
    expect(nextPage(p)).toBe(2);
    p = step(p, 2, 'exception', answer([failed, cancelled], 2, 2));
    expect(p.items.map((o) => o.id)).toEqual(['f']);
    expect(p.done).toBe(true);
  });

  it('keeps the last totals while a page fails', () => {
    const p = step(INITIAL_PAGING, 1, 'deal', answer([marketOrder({ id: 'a' })], 1, 2));
    expect(step(p, 2, 'deal', invalid).summary).toEqual({ total: '9.00', today: '1.00' });
  });

  it('stops on an empty list even when more pages were announced', () => {
    expect(step(INITIAL_PAGING, 1, 'deal', answer([], 1, 5)).done).toBe(true);
  });

  it('retries answers with code -1 and stops after more than five of them', () => {
    let p = INITIAL_PAGING;
    for (let i = 1; i <= 5; i++) p = step(p, 1, 'deal', invalid);
    expect(p).toMatchObject({ invalid: 5, done: false });
    expect(nextPage(p)).toBe(1);
    p = step(p, 1, 'deal', invalid);
    expect(p.done).toBe(true);
  });

  it('pauses on any other failure until a retry clears the error', () => {
    const p = step(INITIAL_PAGING, 1, 'deal', { ok: false, code: 'network', message: 'Network' });
    expect(p.error).toBe('Network');
    expect(nextPage(p)).toBeNull();
    expect(nextPage({ ...p, error: null })).toBe(1);
  });

  it.each([
    [1, { place: null, cover: null, ordered: 100 }],
    [2, { place: 200, cover: null, ordered: null }],
    [3, { place: 200, cover: 300, ordered: null }],
    [4, { place: null, cover: null, ordered: 100 }],
  ] as const)('shows the right times for status %i', (status, times) => {
    const order = marketOrder({
      positionStatus: status,
      orderTimeTs: 100,
      transactionTimeTs: 200,
      closingTimeTs: 300,
    });
    expect(timesFor(order)).toEqual(times);
  });

  // Spec §4: pending grey, in progress yellow, done blue, cancelled or failed red (history.css maps the
  // roles to --tk-text-muted, --tk-warning(-text), --tk-accent and --tk-danger).
  it.each([
    [1, 'pending', 'grey', 'muted'],
    [2, 'open', 'yellow', 'warning'],
    [3, 'closed', 'blue', 'info'],
    [4, 'cancelled or failed', 'red', 'danger'],
  ] as const)('colours status %i (%s) %s with the %s tone', (status, _name, _colour, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
});

describe('reasonKey', () => {
  it('reads the closed part of a position as a partial close, anything else by its reason', () => {
    expect(reasonKey({ closeReason: 'manual', parentUid: '261202000000000001' })).toBe(
      'history.reason.partial',
    );
    expect(reasonKey({ closeReason: 'manual', parentUid: null })).toBe('history.reason.manual');
    expect(reasonKey({ closeReason: 'stop_loss' })).toBe('history.reason.stop_loss');
  });
});
