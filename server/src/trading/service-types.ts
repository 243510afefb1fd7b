/**
 * `app.trading`: what the trading engine offers the rest of the server (the exchange socket, admin, tests).
 * The engine module implements it; other modules code against this file only.
 */
import type { ExchangeOrderMessage, CloseReason } from '../../../src/core/contract/trading';

/** A change of one account's orders: who, which account, and what the server did on its own (if anything). */
export interface OrderChange {
  userId: string;
  virtual: boolean;
  event?: { kind: CloseReason | 'filled'; orderId: string };
}

/** The live view of one account: open positions and pending orders, valued at the current quotes. */
export interface AccountSnapshot {
  hold: ExchangeOrderMessage;
  pending: ExchangeOrderMessage;
}

/** The trading engine as other modules see it. */
export interface TradingService {
  /** Listen to every committed change of any account's orders; returns the unsubscribe function. */
  onChange(listener: (change: OrderChange) => void): () => void;
  /** Current open and pending orders of an account with live P&L and the position summary. */
  snapshot(userId: string, virtual: boolean): Promise<AccountSnapshot>;
  /** Symbols in which the account holds open or pending orders (so price moves can be pushed to it). */
  symbolsOf(userId: string, virtual: boolean): ReadonlySet<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    trading: TradingService;
  }
}
