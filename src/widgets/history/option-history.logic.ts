/**
 * Pure rules of <tk-history mode="option"> (spec §2 History, §4): the finished options, page by page (the
 * paging itself is `_shared/paging`), and how a row words rate and state.
 */
import { OPTION_HISTORY_PAGE_SIZE, OptionPositionStatus } from '../../core/contract/options';
import type { OptionOrder } from '../../core/contract/options';
import { isDecimal, mul, normalize } from '../../core/domain/decimal';
import type { PageOf } from '../_shared/paging';

/** Total and today's win/loss above the list (spec §4), from the latest page. */
export interface WinLoss {
  total: string;
  today: string;
}

/** The `option/findOptionHistory` body of a page of finished options (10 a page). */
export function optionHistoryQuery(page: number) {
  return { positionStatus: OptionPositionStatus.finished, limit: OPTION_HISTORY_PAGE_SIZE, page };
}

type HistoryAnswer = {
  items: OptionOrder[];
  pages: number;
  totalWinLoss: string;
  todayWinLoss: string;
};

/** A `findOptionHistory` answer as a page of the shared paging, its win/loss as the summary. */
export function optionPage(data: HistoryAnswer): PageOf<OptionOrder, WinLoss> {
  return {
    list: data.items,
    pages: data.pages,
    summary: { total: data.totalWinLoss, today: data.todayWinLoss },
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
