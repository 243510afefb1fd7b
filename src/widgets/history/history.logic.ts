/**
 * Pure rules of <tk-history> (spec §2 History, §4): the filters, the query each sends and which orders of
 * the answer each keeps (the paging itself is `_shared/paging`), and which times the detail shows.
 */
import { ORDER_PAGE_SIZE, PositionStatus } from '../../core/contract/trading';
import type { MarketOrder, OrderQueryRequest, OrderQueryResponse } from '../../core/contract/trading';
import type { PageOf } from '../_shared/paging';
import { HISTORY_FILTERS, type HistoryFilter } from './history.filters';

export { HISTORY_FILTERS };
export type { HistoryFilter };

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

/** The P&L totals above the list (spec §4), from the latest page. */
export interface PnlTotals {
  today: string | null;
  total: string | null;
}

/** An `order/query` answer as a page of the shared paging, its totals as the summary. */
export function orderPage(data: OrderQueryResponse): PageOf<MarketOrder, PnlTotals> {
  return {
    list: data?.list,
    pages: data?.pages,
    summary: { today: data?.profitLossToday ?? null, total: data?.profitLossTotal ?? null },
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

/**
 * i18n key of why an order left the book: the closed part of a position (it names its parent, decision OT1)
 * reads as a partial close, everything else by its close reason.
 */
export function reasonKey(order: Pick<MarketOrder, 'closeReason' | 'parentUid'>): string {
  if (order.parentUid && order.closeReason === 'manual') return 'history.reason.partial';
  return `history.reason.${order.closeReason ?? ''}`;
}
