/**
 * The world of the alert benchmark: active price alerts of every condition (bid/ask above/below a level, a
 * mid move by a percentage) over the catalogue's symbols, armed as the server arms them, and the rule both
 * evaluators share to set a fired alert again (so the number of active alerts stays constant for the run).
 * Ticks are the trigger benchmark's random walk.
 */
import { createRandom } from '../../server/src/market/prng';
import type { AlertEntry, ArmedAlert } from '../../server/src/alerts/book';
import { SYMBOLS } from '../trigger/scenario';
import { INSTRUMENTS } from '../../server/src/market/instruments';

export { SYMBOLS, tickStream, type Ticks } from '../trigger/scenario';

const START = INSTRUMENTS.map((i) => Math.round(Number(i.referencePrice) * 10 ** i.pricePrecision));
const SPREAD = INSTRUMENTS.map((i) => i.spreadPips);
const at = <T>(items: ArrayLike<T>, index: number) => items[index] as T;

/** One alert of the run: its symbol index and its armed entries (scaled integers like market ticks). */
export interface BenchAlert {
  id: number;
  symbol: number;
  entries: AlertEntry[];
}

/**
 * Sets deterministic levels 0.2 %–2 % away from the quote, per alert and generation: the alert's id picks the
 * condition (bid above, bid below, ask above, ask below, mid move), the generation its distance.
 */
export function setLevels(alert: BenchAlert, generation: number, bid: number, ask: number): void {
  const random = createRandom(alert.id * 7919 + generation * 104729);
  const away = (price: number) => Math.max(1, Math.round(price * (0.002 + 0.018 * random.next())));
  switch (alert.id % 5) {
    case 0:
      alert.entries = [{ side: 'bid', when: 'up', level: bid + away(bid) }];
      break;
    case 1:
      alert.entries = [{ side: 'bid', when: 'down', level: bid - away(bid) }];
      break;
    case 2:
      alert.entries = [{ side: 'ask', when: 'up', level: ask + away(ask) }];
      break;
    case 3:
      alert.entries = [{ side: 'ask', when: 'down', level: ask - away(ask) }];
      break;
    default: {
      // A mid move: bid + ask against both bounds (the server's 'sum' levels).
      const sum = bid + ask;
      const move = away(sum);
      alert.entries = [
        { side: 'sum', when: 'up', level: sum + move },
        { side: 'sum', when: 'down', level: sum - move },
      ];
    }
  }
}

/** `count` alerts, over all symbols (`spread`) or all on the first one (`concentrated`). */
export function activeAlerts(count: number, layout: 'spread' | 'concentrated'): BenchAlert[] {
  return Array.from({ length: count }, (_, id) => {
    const symbol = layout === 'spread' ? id % SYMBOLS.length : 0;
    const alert: BenchAlert = { id, symbol, entries: [] };
    setLevels(alert, 0, at(START, symbol), at(START, symbol) + at(SPREAD, symbol));
    return alert;
  });
}

/** The alert as the server's book arms it. */
export function armedOf(alert: BenchAlert): ArmedAlert {
  return { id: String(alert.id), symbol: at(SYMBOLS, alert.symbol), version: 1, entries: alert.entries };
}

/** Whether an entry is crossed by a quote (the rule of the naive loop, and of the book's heaps). */
export function crossed(entry: AlertEntry, bid: number, ask: number): boolean {
  const price = entry.side === 'bid' ? bid : entry.side === 'ask' ? ask : bid + ask;
  return entry.when === 'up' ? price >= entry.level : price <= entry.level;
}
