/**
 * The data of the top bar's account glance: the figures of the account signed in (account-glance.logic.ts)
 * and whether it may deposit; and the refresh that keeps its balance current without a poll.
 */
import { useEffect, useMemo } from 'react';
import { getOrders } from '../../core/state/orders';
import { useAtomValue } from '../../widgets/_shared/store-react';
import { useHost } from '../host-context';
import { useHostBalance, useHostSession } from '../session/use-host-session';
import { balanceChangeKey, glanceFigures, type GlanceFigures } from './account-glance.logic';
import { fundActionsOf } from './use-fund-account';

/** What the glance shows; null for a visitor. */
export interface Glance {
  figures: GlanceFigures;
  /** The real account may deposit on this brand and build. */
  deposit: boolean;
  virtual: boolean;
}

/** The glance of the account signed in (re-renders with the balance and the open positions' P&L). */
export function useGlance(): Glance | null {
  const { tradeMode } = useHost();
  const { platform, state } = useHostSession();
  const balance = useHostBalance();
  const orders = useMemo(() => getOrders(platform), [platform]);
  const summary = useAtomValue(orders.atoms.positionSummary);
  const listsOf = useAtomValue(orders.atoms.virtual);
  const systemConfig = useAtomValue(platform.atoms.systemConfig);
  if (state.status !== 'signedIn') return null;
  // Lists of the other account (just switched, the socket not yet reconnected) say nothing of this one.
  const openPnl = listsOf === state.virtual ? (summary.open?.profitLossSum ?? null) : null;
  return {
    figures: glanceFigures(balance, tradeMode, openPnl),
    deposit: fundActionsOf({ signedIn: true, virtual: state.virtual }, systemConfig).includes('deposit'),
    virtual: state.virtual,
  };
}

/**
 * Reads the balance when the account is signed in or switched, and again whenever the exchange socket
 * reports something that moves money: an order opened, filled, closed or cancelled, an option settled, a
 * notification (a deposit credited or refused). Price-only pushes change nothing here.
 */
export function useGlanceRefresh(): void {
  const { platform, session, state } = useHostSession();
  const orders = useMemo(() => getOrders(platform), [platform]);
  const signedIn = state.status === 'signedIn';
  useEffect(() => {
    if (!signedIn) return undefined;
    let last: string | null = null;
    // The feed calls at once with the current snapshot: that first read is the sign-in / switch refresh.
    return orders.feed.subscribe((snapshot) => {
      const key = balanceChangeKey(snapshot);
      if (key === last) return;
      last = key;
      void session.refreshBalance({ silent: true });
    });
  }, [orders, session, signedIn, state.uid, state.virtual]);
}
