import { describe, expect, it } from 'vitest';
import { createTriggerBook } from './trigger-book';
import type { TriggerEntry } from './trigger-types';

const entry = (over: Partial<TriggerEntry>): TriggerEntry => ({
  orderId: 'o1',
  symbol: 'EURUSD',
  kind: 'stop_loss',
  side: 'bid',
  when: 'down',
  level: 100,
  ...over,
});

const ids = (fired: TriggerEntry[]) => fired.map((e) => `${e.orderId}:${e.kind}`);

describe('createTriggerBook', () => {
  // [what, entry, quote that must not fire, quote that fires]
  const crossings: [string, Partial<TriggerEntry>, [number, number], [number, number]][] = [
    ['a buy stop loss at the bid going down', { side: 'bid', when: 'down' }, [101, 99], [99, 101]],
    ['a buy take profit at the bid going up', { side: 'bid', when: 'up' }, [99, 101], [101, 103]],
    ['a sell stop loss at the ask going up', { side: 'ask', when: 'up' }, [101, 99], [99, 101]],
    ['a sell take profit at the ask going down', { side: 'ask', when: 'down' }, [99, 101], [97, 99]],
  ];

  it.each(crossings)('fires %s exactly once, on its own side', (_what, over, quiet, crossing) => {
    const book = createTriggerBook();
    book.upsert(entry(over));
    expect(book.evaluate('EURUSD', ...quiet)).toEqual([]);
    expect(book.evaluate('EURUSD', ...crossing)).toEqual([entry(over)]);
    expect(book.evaluate('EURUSD', ...crossing)).toEqual([]);
    expect(book.size()).toBe(0);
  });

  it.each([
    ['bid', 'down', 100, 200],
    ['bid', 'up', 100, 0],
    ['ask', 'down', 0, 100],
    ['ask', 'up', 200, 100],
  ] as const)('fires a %s/%s entry exactly at its level', (side, when, bid, ask) => {
    const book = createTriggerBook();
    book.upsert(entry({ side, when }));
    expect(book.evaluate('EURUSD', bid, ask)).toHaveLength(1);
  });

  it('re-arms an entry with its new level on upsert', () => {
    const book = createTriggerBook();
    book.upsert(entry({ level: 100 }));
    book.upsert(entry({ level: 90 }));
    expect(book.size()).toBe(1);
    expect(book.evaluate('EURUSD', 95, 96)).toEqual([]);
    expect(book.evaluate('EURUSD', 90, 91)).toEqual([entry({ level: 90 })]);
  });

  it('moves an entry to another direction when the upsert changes it', () => {
    const book = createTriggerBook();
    book.upsert(entry({ when: 'down', level: 100 }));
    book.upsert(entry({ when: 'up', level: 110 }));
    expect(book.evaluate('EURUSD', 50, 51)).toEqual([]);
    expect(ids(book.evaluate('EURUSD', 110, 111))).toEqual(['o1:stop_loss']);
  });

  it('disarms every entry of an order on removeOrder', () => {
    const book = createTriggerBook();
    book.upsert(entry({ kind: 'stop_loss', when: 'down', level: 90 }));
    book.upsert(entry({ kind: 'take_profit', when: 'up', level: 110 }));
    book.upsert(entry({ orderId: 'o2', level: 90 }));
    book.removeOrder('o1');
    expect(book.size()).toBe(1);
    expect(ids(book.evaluate('EURUSD', 80, 81))).toEqual(['o2:stop_loss']);
    expect(book.evaluate('EURUSD', 120, 121)).toEqual([]);
  });

  it('disarms one entry of an order on remove and keeps the other', () => {
    const book = createTriggerBook();
    book.upsert(entry({ kind: 'stop_loss', when: 'down', level: 90 }));
    book.upsert(entry({ kind: 'take_profit', when: 'up', level: 110 }));
    book.remove('o1', 'stop_loss');
    book.remove('o1', 'fill');
    book.remove('nobody', 'stop_loss');
    expect(book.evaluate('EURUSD', 80, 81)).toEqual([]);
    expect(ids(book.evaluate('EURUSD', 120, 121))).toEqual(['o1:take_profit']);
  });

  it('leaves other symbols alone', () => {
    const book = createTriggerBook();
    book.upsert(entry({ symbol: 'EURUSD' }));
    book.upsert(entry({ orderId: 'o2', symbol: 'XAUUSD' }));
    expect(ids(book.evaluate('XAUUSD', 50, 51))).toEqual(['o2:stop_loss']);
    expect(book.evaluate('BTCUSD', 50, 51)).toEqual([]);
    expect(book.size()).toBe(1);
  });

  it('fires every entry at the same level, in arming order', () => {
    const book = createTriggerBook();
    for (let i = 0; i < 50; i += 1) book.upsert(entry({ orderId: `o${i}` }));
    const fired = book.evaluate('EURUSD', 100, 101);
    expect(fired.map((e) => e.orderId)).toEqual(Array.from({ length: 50 }, (_, i) => `o${i}`));
    expect(book.size()).toBe(0);
  });

  it('fires exactly the crossed levels among many random ones', () => {
    const book = createTriggerBook();
    const levels = Array.from({ length: 2000 }, (_, i) => (i * 7919) % 1000);
    levels.forEach((level, i) => book.upsert(entry({ orderId: `o${i}`, level })));
    for (let i = 0; i < 2000; i += 3) book.removeOrder(`o${i}`);
    const alive = levels.map((level, i) => ({ level, i })).filter(({ i }) => i % 3 !== 0);
    const fired = book.evaluate('EURUSD', 400, 401).map((e) => Number(e.orderId.slice(1)));
    const expected = alive.filter(({ level }) => level >= 400).map(({ i }) => i);
    expect(fired.sort((a, b) => a - b)).toEqual(expected);
    expect(book.size()).toBe(alive.length - expected.length);
    expect(book.evaluate('EURUSD', 400, 401)).toEqual([]);
  });

  it('returns a copy, so a caller changing its entry after upsert changes nothing armed', () => {
    const book = createTriggerBook();
    const armed = entry({});
    book.upsert(armed);
    armed.level = 0;
    expect(book.evaluate('EURUSD', 50, 51)).toEqual([entry({})]);
  });

  it('refuses a level that is not a finite number', () => {
    expect(() => createTriggerBook().upsert(entry({ level: Number.NaN }))).toThrow(RangeError);
  });
});
