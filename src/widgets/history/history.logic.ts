/**
 * Pure rules of <tk-history> (spec §2 History, §4): the filters and the query each sends, paging with its
 * stop rules, and which times the detail shows per status.
 */
import { ORDER_PAGE_SIZE, PositionStatus } from '../../core/contract/trading';
import type { MarketOrder, OrderQueryRequest, OrderQueryResponse } from '../../core/contract/trading';
import type { CallResult } from '../../core/runtime/types';

/** The filter chips in spec order; the request sends the chip's index + 1 as positionStatus. */
export const HISTORY_FILTERS = ['pending', 'position', 'deal', 'canceled', 'exception'] as const;
export type HistoryFilter = (typeof HISTORY_FILTERS)[number];

/** Loading gives up after more than this many answers with code -1 (spec §4). */
export const MAX_INVALID_ANSWERS = 5;
const INVALID = -1;

/**
 * The `order/query` body of a filter and page. "exception" has no status of its own in the contract
 * (4 is "cancelled or failed"): it asks for status 4 and keeps only the failed orders (keepOrder).
 */
export function queryFor(filter: HistoryFilter, page: number): OrderQueryRequest {
  const index = HISTORY_FILTERS.indexOf(filter);
  const positionStatus =
    filter === 'exception' ? PositionStatus.cancelled : ((index + 1) as OrderQueryRequest['positionStatus']);
  return {
    page,
    limit: ORDER_PAGE_SIZE,
    columns: filter === 'deal' ? 'closingTime' : 'orderTime',
    positionStatus,
  };
}

/** Whether an order of the answer belongs in the filter's list. */
export function keepOrder(filter: HistoryFilter, order: MarketOrder): boolean {
  return filter !== 'exception' || order.closeReason === 'failed';
}

/** The list loaded so far and whether more may come. */
export interface Paging {
  orders: MarketOrder[];
  /** Last page loaded (0 before the first). */
  page: number;
  pages: number | null;
  /** No more pages will be asked for. */
  done: boolean;
  /** Answers with code -1 so far. */
  invalid: number;
  /** A failure to show (loading pauses until retry). */
  error: string | null;
  profitLossToday: string | null;
  profitLossTotal: string | null;
}

/** Before the first page. */
export const INITIAL_PAGING: Paging = {
  orders: [],
  page: 0,
  pages: null,
  done: false,
  invalid: 0,
  error: null,
  profitLossToday: null,
  profitLossTotal: null,
};

/** The page to ask for next, or null when loading stopped or waits for a retry. */
export function nextPage(paging: Paging): number | null {
  return paging.done || paging.error ? null : paging.page + 1;
}

/**
 * Paging after the answer for `page`: stops at the last page, on an empty list, or after more than
 * MAX_INVALID_ANSWERS answers with code -1 (which are retried until then); other failures pause.
 */
export function applyPage(
  paging: Paging,
  page: number,
  filter: HistoryFilter,
  result: CallResult<OrderQueryResponse>,
): Paging {
  if (!result.ok) {
    if (result.code !== INVALID) return { ...paging, error: result.message };
    const invalid = paging.invalid + 1;
    return { ...paging, invalid, done: invalid > MAX_INVALID_ANSWERS };
  }
  const data = result.data;
  const list = Array.isArray(data?.list) ? data.list : [];
  const known = new Set(paging.orders.map((o) => o.id));
  // A new order arriving between two pages shifts the pages: the same order is not listed twice.
  const fresh = list.filter((o) => !known.has(o.id) && keepOrder(filter, o));
  const pages = typeof data?.pages === 'number' ? data.pages : null;
  return {
    ...paging,
    orders: [...paging.orders, ...fresh],
    page,
    pages,
    done: list.length === 0 || pages === null || page >= pages,
    error: null,
    profitLossToday: data?.profitLossToday ?? paging.profitLossToday,
    profitLossTotal: data?.profitLossTotal ?? paging.profitLossTotal,
  };
}

/** Times of the detail (spec §4): place time for open and closed orders, cover time only for closed. */
export function timesFor(order: MarketOrder): {
  place: number | null;
  cover: number | null;
  ordered: number | null;
} {
  const status = order.positionStatus;
  const placed = status === PositionStatus.open || status === PositionStatus.closed;
  return {
    place: placed ? (order.transactionTimeTs ?? order.orderTimeTs) : null,
    cover: status === PositionStatus.closed ? order.closingTimeTs : null,
    // Pending and cancelled orders were never placed in the market: they show when they were ordered.
    ordered: placed ? null : order.orderTimeTs,
  };
}

/** Colour role of a status (spec §4: pending grey, open yellow, closed blue, cancelled/failed red). */
export function statusTone(status: number): 'muted' | 'warning' | 'info' | 'danger' {
  return status === 2 ? 'warning' : status === 3 ? 'info' : status === 4 ? 'danger' : 'muted';
}

/** The time a row shows: closing time for closed orders, else the order time. */
export function rowTime(order: MarketOrder): number | null {
  return order.positionStatus === PositionStatus.closed
    ? (order.closingTimeTs ?? order.orderTimeTs)
    : order.orderTimeTs;
}

/** The price a row shows: the closing price for closed orders, else the opening (or limit) price. */
export function rowPrice(order: MarketOrder): string | null {
  return order.positionStatus === PositionStatus.closed
    ? (order.closingPrice ?? order.currentPrice)
    : order.openingPrice;
}
