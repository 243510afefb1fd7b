import { describe, expect, it } from 'vitest';
import { createAlertBook } from './book';
import { entriesOf, midOf } from './levels';

describe('the alert book', () => {
  it('fires each alert once, when its price reaches the level either way, and forgets removed ones', () => {
    const book = createAlertBook();
    book.upsert({ id: 'a', symbol: 'X', version: 1, entries: [{ side: 'bid', when: 'up', level: 105 }] });
    book.upsert({ id: 'b', symbol: 'X', version: 1, entries: [{ side: 'ask', when: 'down', level: 95 }] });
    book.upsert({ id: 'c', symbol: 'X', version: 1, entries: [{ side: 'bid', when: 'up', level: 110 }] });
    book.remove('c');
    expect(book.evaluate('X', 104, 106)).toEqual([]);
    expect(book.evaluate('X', 105, 107).map((f) => f.alert.id)).toEqual(['a']);
    expect(book.evaluate('X', 120, 122)).toEqual([]);
    expect(book.evaluate('Y', 1, 2)).toEqual([]);
    expect(book.evaluate('X', 93, 95).map((f) => f.alert.id)).toEqual(['b']);
    expect(book.size()).toBe(0);
  });

  it('arms a move as two bounds of bid + ask and drops both when one fires; a re-arm replaces the levels', () => {
    const book = createAlertBook();
    // Mid 100.005 (bid 100.00, ask 100.01 at 2 decimals), 1 %: the mid fires at ≥ 101.00505 or ≤ 99.00495.
    const entries = entriesOf({ condition: 'move_pct', percent: '1', referencePrice: midOf(20001, 2) }, 2);
    expect(entries).toEqual([
      { side: 'sum', when: 'up', level: 20202 },
      { side: 'sum', when: 'down', level: 19800 },
    ]);
    book.upsert({ id: 'm', symbol: 'X', version: 1, entries });
    expect(book.evaluate('X', 10100, 10101)).toEqual([]);
    const fired = book.evaluate('X', 10101, 10101);
    expect(fired.map((f) => [f.alert.id, f.entry.when])).toEqual([['m', 'up']]);
    expect(book.size()).toBe(0);
    book.upsert({ id: 'm', symbol: 'X', version: 2, entries });
    book.upsert({ id: 'm', symbol: 'X', version: 3, entries: [{ side: 'bid', when: 'down', level: 5 }] });
    expect(book.evaluate('X', 9900, 9900)).toEqual([]);
    expect(book.evaluate('X', 5, 6).map((f) => f.alert.version)).toEqual([3]);
  });
});
