/**
 * The in-memory index of live (pending and open) orders: which symbols an account trades, which accounts
 * hold open positions in a symbol (for the stop-out check), and each order's figures for valuation.
 */
import type { OrderRow } from './orders-repo';

/** `userId:d` (demo) or `userId:r` (real). */
export const accountKey = (userId: string, virtual: boolean) => `${userId}:${virtual ? 'd' : 'r'}`;

/** The live orders of every account. */
export interface LiveOrders {
  /** Indexes a pending or open order; any other status removes it. */
  put(order: OrderRow): void;
  remove(orderId: string): void;
  get(orderId: string): OrderRow | undefined;
  ofAccount(userId: string, virtual: boolean): OrderRow[];
  symbolsOf(userId: string, virtual: boolean): ReadonlySet<string>;
  /** Accounts with at least one open position in `symbol`. */
  openAccountsIn(symbol: string): Array<{ userId: string; virtual: boolean }>;
  size(): number;
  /** The ids of every indexed order. */
  ids(): string[];
}

/** An empty index. */
export function createLiveOrders(): LiveOrders {
  const byId = new Map<string, OrderRow>();
  const byAccount = new Map<string, Map<string, OrderRow>>();
  /** symbol → account key → open positions there. */
  const openBySymbol = new Map<string, Map<string, number>>();

  const countOpen = (order: OrderRow, delta: 1 | -1) => {
    if (order.positionStatus !== 2) return;
    const key = accountKey(order.userId, order.virtual);
    const accounts = openBySymbol.get(order.tradePair) ?? new Map<string, number>();
    const next = (accounts.get(key) ?? 0) + delta;
    if (next > 0) accounts.set(key, next);
    else accounts.delete(key);
    if (accounts.size > 0) openBySymbol.set(order.tradePair, accounts);
    else openBySymbol.delete(order.tradePair);
  };

  const remove = (orderId: string) => {
    const old = byId.get(orderId);
    if (!old) return;
    byId.delete(orderId);
    countOpen(old, -1);
    const key = accountKey(old.userId, old.virtual);
    const orders = byAccount.get(key);
    orders?.delete(orderId);
    if (orders?.size === 0) byAccount.delete(key);
  };

  return {
    put(order) {
      remove(order.id);
      if (order.positionStatus !== 1 && order.positionStatus !== 2) return;
      byId.set(order.id, order);
      countOpen(order, 1);
      const key = accountKey(order.userId, order.virtual);
      const orders = byAccount.get(key) ?? new Map<string, OrderRow>();
      orders.set(order.id, order);
      byAccount.set(key, orders);
    },
    remove,
    get: (orderId) => byId.get(orderId),
    ofAccount: (userId, virtual) => [...(byAccount.get(accountKey(userId, virtual))?.values() ?? [])],
    symbolsOf: (userId, virtual) =>
      new Set([...(byAccount.get(accountKey(userId, virtual))?.values() ?? [])].map((o) => o.tradePair)),
    openAccountsIn: (symbol) =>
      [...(openBySymbol.get(symbol)?.keys() ?? [])].map((key) => {
        const [userId = '', kind] = key.split(':');
        return { userId, virtual: kind === 'd' };
      }),
    size: () => byId.size,
    ids: () => [...byId.keys()],
  };
}
