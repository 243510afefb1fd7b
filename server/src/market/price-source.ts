/**
 * What the market module needs from a price feed. The seeded simulator implements it; a real feed
 * (an exchange or a liquidity provider) can replace it without touching the quote book or the klines.
 */

/** Volume travels as an integer count of 10^-VOLUME_SCALE units. */
export const VOLUME_SCALE = 2;

/**
 * One quote update. Prices are integers in units of 10^-pricePrecision of the instrument (exact: a real
 * feed converts its decimal strings with `toScaledInt`), so the book formats them without any float.
 */
export interface Tick {
  symbol: string;
  time: number;
  bid: number;
  ask: number;
  /** Traded volume since the previous tick, in units of 10^-VOLUME_SCALE. */
  volume: number;
}

/** A feed of quotes for the instruments of the catalogue. */
export interface PriceSource {
  /** Start emitting ticks in real time. */
  start(): void;
  stop(): void;
  /** Listen to every tick; returns the unsubscribe function. */
  onTick(listener: (tick: Tick) => void): () => void;
  /** The latest quote of a symbol (before the first tick: the opening quote), or undefined if unknown. */
  current(symbol: string): Tick | undefined;
  /** Advance the feed's clock to `utcMs`, emitting every tick due until then (tests, backfill). */
  stepTo(utcMs: number): void;
}
