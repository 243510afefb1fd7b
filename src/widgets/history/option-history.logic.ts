/** Pure rules of <tk-history mode="option"> (spec §2 History, §4): the finished options, page by page. */
import { OPTION_HISTORY_PAGE_SIZE, OptionPositionStatus } from '../../core/contract/options';
import type { OptionOrder } from '../../core/contract/options';
import { isDecimal, mul, normalize } from '../../core/domain/decimal';
import type { CallResult } from '../../core/runtime/types';

/** The finished options loaded so far and whether more may come. */
export interface OptionPaging {
  items: OptionOrder[];
  /** Last page loaded (0 before the first). */
  page: number;
  done: boolean;
  error: string | null;
  totalWinLoss: string | null;
  todayWinLoss: string | null;
}

export const INITIAL_OPTION_PAGING: OptionPaging = {
  items: [],
  page: 0,
  done: false,
  error: null,
  totalWinLoss: null,
  todayWinLoss: null,
};

/** The `option/findOptionHistory` body of a page of finished options (10 a page). */
export function optionHistoryQuery(page: number) {
  return { positionStatus: OptionPositionStatus.finished, limit: OPTION_HISTORY_PAGE_SIZE, page };
}

/** The page to ask for next, or null when loading stopped or waits for a retry. */
export function nextOptionPage(paging: OptionPaging): number | null {
  return paging.done || paging.error ? null : paging.page + 1;
}

type HistoryAnswer = {
  items: OptionOrder[];
  pages: number;
  totalWinLoss: string;
  todayWinLoss: string;
};

/** Paging after the answer for `page`: stops at the last page or on an empty one; a failure pauses. */
export function applyOptionPage(
  paging: OptionPaging,
  page: number,
  result: CallResult<HistoryAnswer>,
): OptionPaging {
  if (!result.ok) return { ...paging, error: result.message };
  const list = result.data.items;
  // An option settling between two pages shifts them: the same option is not listed twice.
  const known = new Set(paging.items.map((o) => o.uid));
  return {
    items: [...paging.items, ...list.filter((o) => !known.has(o.uid))],
    page,
    done: list.length === 0 || page >= result.data.pages,
    error: null,
    totalWinLoss: result.data.totalWinLoss,
    todayWinLoss: result.data.todayWinLoss,
  };
}

/** The profit rate as a percentage: rate '0.85' → '85%' (spec §9: profit rate ÷ 100 on the wire). */
export function rateText(rate: string): string {
  return isDecimal(rate) ? `${normalize(mul(rate, '100'))}%` : '--';
}

/** i18n key of an option's state (spec §4: Pending Settlement / Settled). */
export function optionStatusKey(order: Pick<OptionOrder, 'positionStatus'>): string {
  return `history.option.status.${order.positionStatus === OptionPositionStatus.finished ? 1 : 0}`;
}
