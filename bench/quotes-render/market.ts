// The bench's own market, shared by the page (in-page socket) and the Node publisher (real broker): N
// made-up forex symbols with deterministic random-walk quotes as `/topic/prices` entries, and the encoding of
// a sequence number into a probe symbol's bid for the tick → painted measurement. Pure: no DOM, no Node API.
import type { PriceEntry } from '../../src/core/contract/types';

/** Digits after the point of every bench price. */
export const PRECISION = 5;
const SCALE = 10 ** PRECISION;
/** The bench's symbols all trade in one category (forex), so one `category="forex"` list shows them all. */
export const CATEGORY = 3;
/** The probe symbol of the tick → painted run: its bid carries the tick's sequence number. */
export const PROBE_SYMBOL = 'PROBEUSD';
/** Most sequence numbers a probe bid can carry (`1.00000` … `1.99999`). */
export const MAX_SEQ = SCALE - 1;

/** A seeded generator (mulberry32): every run draws the same walk. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `Q0001` … : the bench symbol of row `index` (0-based). */
export function symbolOf(index: number): string {
  return `Q${String(index + 1).padStart(4, '0')}USD`;
}

/** An integer count of 10^-PRECISION as the decimal string the server sends. */
export function toDecimal(units: number): string {
  const sign = units < 0 ? '-' : '';
  const digits = String(Math.abs(Math.round(units))).padStart(PRECISION + 1, '0');
  return `${sign}${digits.slice(0, -PRECISION)}.${digits.slice(-PRECISION)}`;
}

/** The bid that carries `seq` (0 … MAX_SEQ): `1.00042` for 42. */
export function encodeSeq(seq: number): string {
  if (!Number.isInteger(seq) || seq < 0 || seq > MAX_SEQ)
    throw new RangeError(`sequence ${seq} out of range`);
  return toDecimal(SCALE + seq);
}

/** The sequence number a displayed probe bid carries; null for anything else (a price before the run). */
export function decodeSeq(text: string): number | null {
  const m = /^1\.(\d{5})$/.exec(text.trim());
  return m ? Number(m[1]) : null;
}

interface Walk {
  open: number;
  bid: number;
  low: number;
  high: number;
  spread: number;
}

/** The quotes of `count` symbols and the moves of their random walks, as `/topic/prices` entries. */
export class BenchBook {
  private readonly walks: Walk[];
  private readonly next: () => number;
  private readonly times: number[];

  constructor(
    readonly count: number,
    startTime: number,
    seed = 11,
  ) {
    this.next = random(seed);
    this.walks = Array.from({ length: count }, () => {
      const bid = Math.round((0.5 + this.next() * 1.5) * SCALE);
      return { open: bid, bid, low: bid, high: bid, spread: 5 + Math.floor(this.next() * 20) };
    });
    this.times = Array.from({ length: count }, () => startTime);
  }

  /** The current entry of row `index`. */
  entry(index: number): PriceEntry {
    const w = this.walks[index]!;
    const symbol = symbolOf(index);
    const bid = toDecimal(w.bid);
    return {
      symbol,
      name: `Bench ${symbol.slice(1, 5)}`,
      bidPrice: bid,
      askPrice: toDecimal(w.bid + w.spread),
      price: bid,
      priceChangePercent: (((w.bid - w.open) / w.open) * 100).toFixed(2),
      type: CATEGORY,
      sort: index + 1,
      volume: '0.00',
      lastUpdate: this.times[index]!,
      openPrice: toDecimal(w.open),
      highPrice: toDecimal(w.high),
      lowPrice: toDecimal(w.low),
      pricePrecision: PRECISION,
      logoUrl: '',
      marketOpen: true,
    };
  }

  /** Every entry (the whole catalogue, as `/topic/prices` sends it). */
  entries(): PriceEntry[] {
    return Array.from({ length: this.count }, (_, i) => this.entry(i));
  }

  /**
   * Move row `index` by 1…4 × 25 steps (0.02 % to 0.1 % of a price near 1) up or down at `time`, so bid, ask,
   * low or high, the change percent and the mini chart all move; returns the new entry.
   */
  move(index: number, time: number): PriceEntry {
    const w = this.walks[index]!;
    const size = (1 + Math.floor(this.next() * 4)) * 25;
    w.bid = Math.max(SCALE / 10, w.bid + (this.next() < 0.5 ? -size : size));
    w.low = Math.min(w.low, w.bid);
    w.high = Math.max(w.high, w.bid);
    this.times[index] = time;
    return this.entry(index);
  }

  /** The entry of the probe symbol whose bid carries `seq`. */
  static probe(seq: number, time: number): PriceEntry {
    const bid = encodeSeq(seq);
    return {
      symbol: PROBE_SYMBOL,
      name: 'Probe',
      bidPrice: bid,
      askPrice: toDecimal(SCALE + seq + 10),
      price: bid,
      priceChangePercent: '0.00',
      type: CATEGORY,
      sort: 0,
      volume: '0.00',
      lastUpdate: time,
      openPrice: '1.00000',
      highPrice: '2.00000',
      lowPrice: '1.00000',
      pricePrecision: PRECISION,
      logoUrl: '',
      marketOpen: true,
    };
  }
}
