/**
 * The contract between the trading engine and the in-memory trigger book: which price levels of which
 * orders fire on a tick. Prices are integers scaled by the instrument's price precision, like market ticks.
 */

/** What happens when an entry fires ('trail': a trailing stop moves, decisions OT4–OT6). */
export type TriggerKind = 'fill' | 'stop_loss' | 'take_profit' | 'trail';

/**
 * One armed level. A buy position is valued at the bid (stop loss fires when bid ≤ level, take profit when
 * bid ≥ level); a sell position at the ask (stop loss when ask ≥ level, take profit when ask ≤ level); a
 * pending buy fills when ask ≤ level, a pending sell when bid ≥ level.
 */
export interface TriggerEntry {
  orderId: string;
  symbol: string;
  kind: TriggerKind;
  side: 'bid' | 'ask';
  /** 'down': fires when the price is at or below the level; 'up': at or above. */
  when: 'down' | 'up';
  level: number;
}

/** All armed levels of all orders, evaluated on every tick. */
export interface TriggerBook {
  /** Arms (or re-arms with a new level) one entry; an order may hold a stop loss and a take profit. */
  upsert(entry: TriggerEntry): void;
  /** Disarms every entry of an order. */
  removeOrder(orderId: string): void;
  /** Disarms one entry of an order. */
  remove(orderId: string, kind: TriggerKind): void;
  /**
   * The entries a quote crosses, removed from the book (each fires once; the engine re-arms what it could
   * not execute). Work is proportional to the entries that fire plus log(n) per side.
   */
  evaluate(symbol: string, bid: number, ask: number): TriggerEntry[];
  /** Armed entries in total. */
  size(): number;
}
