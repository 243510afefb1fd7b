import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

// Outside a page that draws frames the rows hear their news in a task of their own (EK34): a fake timer here.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const nextFrame = () => vi.runOnlyPendingTimers();

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
    // The book answers at once; the row hears it before the next frame, once for all the messages until then.
    expect(book.get('B')?.bidPrice).toBe('2.00001');
    expect(heard.B).not.toHaveBeenCalled();
    deliver([entry('B', '2.00002')]);
    deliver([entry('B', '2.00001')]);
    nextFrame();
    expect(heard.B).toHaveBeenCalledTimes(1);
    nextFrame();
    expect(heard.B).toHaveBeenCalledTimes(1);
    expect(heard.A).not.toHaveBeenCalled();
    expect(heard.C).not.toHaveBeenCalled();
    expect(heard.shape).not.toHaveBeenCalled();
    expect(book.get('A')).toBe(before);
    expect(book.get('B')?.bidPrice).toBe('2.00001');
    expect(book.shape()).toBe(shape);

    deliver([entry('D', '4.00000')]);
    // A new symbol is a new list: the table hears it at once.
    expect(heard.shape).toHaveBeenCalledTimes(1);
    expect([...book.shape().keys()]).toEqual(['A', 'B', 'C', 'D']);
    deliver([entry('C', '3.00000', { sort: 0 })]);
    expect(heard.shape).toHaveBeenCalledTimes(2);
    nextFrame();
    expect(heard.C).toHaveBeenCalledTimes(1);
    releases.forEach((release) => release());
  });

  it('tells a row of its move when a message that changes nothing comes before the frame', () => {
    const { book, deliver } = setup();
    deliver([entry('A', '1.00000'), entry('B', '2.00000')]);
    const heard = { A: vi.fn(), B: vi.fn() };
    book.subscribe('A', heard.A);
    book.subscribe('B', heard.B);
    deliver([entry('A', '1.00001')]);
    deliver([entry('B', '2.00000')]);
    nextFrame();
    expect(heard.A).toHaveBeenCalledTimes(1);
    expect(heard.B).not.toHaveBeenCalled();
  });

  it('tells no row after the last listener went, nor a symbol it moved before that', () => {
    const { book, deliver } = setup();
    deliver([entry('A', '1.00000')]);
    const heard = vi.fn();
    const release = book.subscribe('A', heard);
    deliver([entry('A', '1.00001')]);
    release();
    nextFrame();
    expect(heard).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
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
    nextFrame();
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
    nextFrame();
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
