/**
 * What the desktop top bar shows of the signed-in account at a glance (issue #26 item 6), for the trade mode
 * shown: the total balance (spec §2: balance + locked margin, as the user block's popover names it) and, in
 * market mode, the available margin of the position summary (core/domain `accountMargin`: balance + floating
 * P&L of the open positions), in option mode the available balance.
 */
import type { AccountSummary } from '../../core/contract/accounts';
import { add } from '../../core/domain/decimal';
import { formatAmount } from '../../core/domain/format';
import { accountMargin } from '../../core/domain/money';

/** The figures as text, and the i18n key of the second one's label. */
export interface GlanceFigures {
  balance: string;
  available: string;
  availableLabel: 'position.available_margin' | 'account.available_balance';
}

/**
 * The figures of `summary` (user/balance) in `mode`; `openPnl` is the open positions' floating P&L from the
 * exchange socket, null until it is known (the margin then shows '--' rather than a figure without it).
 */
export function glanceFigures(
  summary: AccountSummary | null,
  mode: 'market' | 'option',
  openPnl: string | null,
): GlanceFigures {
  const balance = formatAmount(summary ? add(summary.balanceAmount, summary.lockMargin) : null);
  if (mode === 'option') {
    return {
      balance,
      available: formatAmount(summary?.balanceAmount),
      availableLabel: 'account.available_balance',
    };
  }
  const margin =
    summary && openPnl !== null
      ? accountMargin(summary.balanceAmount, summary.lockMargin, openPnl).available
      : null;
  return { balance, available: formatAmount(margin), availableLabel: 'position.available_margin' };
}

/**
 * What in an exchange-socket snapshot says the balance may have changed: the orders (opened, filled,
 * closed, cancelled), a settled option, a notification (money credited or refused). Price-only pushes keep it.
 */
export function balanceChangeKey(snapshot: {
  openOrders: readonly { uid: string }[] | null;
  pendingOrders: readonly { uid: string }[] | null;
  notifications: { seq: number } | null;
  optionSettled: { seq: number } | null;
  virtual: boolean | null;
}): string {
  const ids = (list: readonly { uid: string }[] | null) => (list ? list.map((o) => o.uid).join(',') : '-');
  return [
    snapshot.virtual,
    ids(snapshot.openOrders),
    ids(snapshot.pendingOrders),
    snapshot.notifications?.seq ?? 0,
    snapshot.optionSettled?.seq ?? 0,
  ].join('|');
}
