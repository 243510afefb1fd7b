/**
 * The world of the trigger benchmark: open positions with a stop loss and a take profit each, a random-walk
 * tick stream over the catalogue's symbols, and the rule both evaluators share to re-open a position that
 * fired (so the number of open positions stays constant for the whole run).
 */
import { INSTRUMENTS } from '../../server/src/market/instruments';
import { createRandom } from '../../server/src/market/prng';
import type { TriggerEntry } from '../../server/src/trading/trigger-types';

/** One open position: integer prices scaled like market ticks. */
export interface Position {
  id: number;
  symbol: number;
  buy: boolean;
  stopLoss: number;
  takeProfit: number;
}

/** A pre-generated tick stream: symbol index, bid and ask per tick. */
export interface Ticks {
  count: number;
  symbol: Uint8Array;
  bid: Float64Array;
  ask: Float64Array;
}

const at = <T>(items: ArrayLike<T>, index: number) => items[index] as T;

/** The catalogue's symbols and their reference bids as scaled integers. */
export const SYMBOLS = INSTRUMENTS.map((i) => i.productCode);
const START = INSTRUMENTS.map((i) => Math.round(Number(i.referencePrice) * 10 ** i.pricePrecision));
const SPREAD = INSTRUMENTS.map((i) => i.spreadPips);

/** Sets deterministic stop loss / take profit levels 0.2 %–2 % away, per position and generation. */
export function setLevels(position: Position, generation: number, bid: number, ask: number): void {
  const random = createRandom(position.id * 7919 + generation * 104729);
  const sl = Math.max(1, Math.round(bid * (0.002 + 0.018 * random.next())));
  const tp = Math.max(1, Math.round(bid * (0.002 + 0.018 * random.next())));
  position.stopLoss = position.buy ? bid - sl : ask + sl;
  position.takeProfit = position.buy ? bid + tp : ask - tp;
}

/** `count` positions, over all symbols (`spread`) or all on the first one (`concentrated`). */
export function openPositions(count: number, layout: 'spread' | 'concentrated'): Position[] {
  return Array.from({ length: count }, (_, id) => {
    const symbol = layout === 'spread' ? id % SYMBOLS.length : 0;
    const position = { id, symbol, buy: id % 2 === 0, stopLoss: 0, takeProfit: 0 };
    setLevels(position, 0, at(START, symbol), at(START, symbol) + at(SPREAD, symbol));
    return position;
  });
}

/** The trigger entries of a position, as the engine would arm them. */
export function entriesOf(position: Position): [TriggerEntry, TriggerEntry] {
  const orderId = String(position.id);
  const symbol = at(SYMBOLS, position.symbol);
  const side = position.buy ? 'bid' : 'ask';
  return [
    {
      orderId,
      symbol,
      kind: 'stop_loss',
      side,
      when: position.buy ? 'down' : 'up',
      level: position.stopLoss,
    },
    {
      orderId,
      symbol,
      kind: 'take_profit',
      side,
      when: position.buy ? 'up' : 'down',
      level: position.takeProfit,
    },
  ];
}

/** A random walk of `count` ticks (about 0.005 % of the price per tick) over the symbols in use. */
export function tickStream(count: number, layout: 'spread' | 'concentrated', seed = 42): Ticks {
  const random = createRandom(seed);
  const price = [...START];
  const ticks: Ticks = {
    count,
    symbol: new Uint8Array(count),
    bid: new Float64Array(count),
    ask: new Float64Array(count),
  };
  for (let t = 0; t < count; t += 1) {
    const s = layout === 'spread' ? Math.floor(random.next() * SYMBOLS.length) : 0;
    const bid = Math.max(1, at(price, s) + Math.round(random.normal() * at(START, s) * 5e-5));
    price[s] = bid;
    ticks.symbol[t] = s;
    ticks.bid[t] = bid;
    ticks.ask[t] = bid + at(SPREAD, s);
  }
  return ticks;
}
