import { describe, expect, it, vi } from 'vitest';
import type { QuoteView } from '../../core/runtime/types';
import { atom, createIsolatedStore } from '../../core/state/store';
import { mergePrices, withNames } from '../../core/state/atoms';
import { quoteBook } from './quote-book';

const entry = (symbol: string, bid: string, extra: Partial<QuoteView> = {}) => ({
  symbol,
  name: symbol,
  type: 3,
  sort: 1,
  bidPrice: bid,
  askPrice: bid,
  lowPrice: bid,
  highPrice: bid,
  price: bid,
  priceChangePercent: '0',
  pricePrecision: 5,
  lastUpdate: 1,
  ...extra,
});

/** A store with a prices atom that merges messages and adds local names, as the platform's does. */
function setup() {
  const store = createIsolatedStore();
  const raw = atom<ReadonlyMap<string, QuoteView>>(new Map());
  const names = atom<ReadonlyMap<string, string>>(new Map());
  const prices = atom(
    (get) => withNames(get(raw), get(names)),
    (get, set, message: unknown) => set(raw, mergePrices(get(raw), message, 5)),
  );
  const deliver = (message: unknown) => store.set(prices, message);
  return { store, prices, names, deliver, book: quoteBook(store, prices) };
}

describe('quoteBook (each row hears its own symbol, the table the list, EK22)', () => {
  it('wakes the symbols a message moves, and the list only when a symbol comes or changes rank', () => {
    const { book, deliver } = setup();
    deliver([entry('A', '1.00000'), entry('B', '2.00000'), entry('C', '3.00000')]);
    const heard = { A: vi.fn(), B: vi.fn(), C: vi.fn(), shape: vi.fn() };
    const releases = (['A', 'B', 'C'] as const).map((s) => book.subscribe(s, heard[s]));
    book.subscribeShape(heard.shape);
    const shape = book.shape();
    expect([...shape.keys()]).toEqual(['A', 'B', 'C']);
    const before = book.get('A');

    deliver([entry('B', '2.00001')]);
    expect(heard.B).toHaveBeenCalledTimes(1);
    expect(heard.A).not.toHaveBeenCalled();
    expect(heard.C).not.toHaveBeenCalled();
    expect(heard.shape).not.toHaveBeenCalled();
    expect(book.get('A')).toBe(before);
    expect(book.get('B')?.bidPrice).toBe('2.00001');
    expect(book.shape()).toBe(shape);

    deliver([entry('D', '4.00000')]);
    expect(heard.shape).toHaveBeenCalledTimes(1);
    expect([...book.shape().keys()]).toEqual(['A', 'B', 'C', 'D']);
    deliver([entry('C', '3.00000', { sort: 0 })]);
    expect(heard.shape).toHaveBeenCalledTimes(2);
    expect(heard.C).toHaveBeenCalledTimes(1);
    releases.forEach((release) => release());
  });

  it('keeps a quote that local names copied on every message, unless its name changed', () => {
    const { book, deliver, names, store } = setup();
    deliver([entry('A', '1.00000'), entry('B', '2.00000')]);
    store.set(
      names,
      new Map([
        ['A', 'Ä'],
        ['B', 'Bé'],
      ]),
    );
    const heard = { A: vi.fn(), B: vi.fn() };
    book.subscribe('A', heard.A);
    book.subscribe('B', heard.B);
    const a = book.get('A');
    expect(a?.name).toBe('Ä');
    deliver([entry('B', '2.00001')]);
    expect(heard.A).not.toHaveBeenCalled();
    expect(heard.B).toHaveBeenCalledTimes(1);
    expect(book.get('A')).toBe(a);
    store.set(
      names,
      new Map([
        ['A', 'Aa'],
        ['B', 'Bé'],
      ]),
    );
    expect(heard.A).toHaveBeenCalledTimes(1);
    expect(book.get('A')?.name).toBe('Aa');
  });

  it('subscribes the atom while something listens and lets it go after the last release', () => {
    const { store, prices, book, deliver } = setup();
    let mounted = 0;
    prices.onMount = () => {
      mounted++;
      return () => mounted--;
    };
    const release = book.subscribe('A', () => undefined);
    const releaseShape = book.subscribeShape(() => undefined);
    expect(mounted).toBe(1);
    release();
    expect(mounted).toBe(1);
    releaseShape();
    expect(mounted).toBe(0);
    // Read without a listener, the book still answers from the atom.
    deliver([entry('A', '1.00000')]);
    expect(book.get('A')?.bidPrice).toBe('1.00000');
    expect(quoteBook(store, prices)).toBe(book);
  });
});
