/**
 * The quotes of one prices atom, per symbol (EK22): a `/topic/prices` message that moves a tenth of a thousand
 * rows wakes those rows only, and the table itself only when the list changes. The atom's map is new on every
 * message; re-rendering the table from it formatted, compared and reconciled every row per message.
 *
 * Rows hear their news once a frame (EK34): every message is a task of its own, and each woke React for one row,
 * whose render still walked the table's thousand children; 50 symbols of one beat were 50 renders (20 ms in
 * which a tick of another symbol waited), 30 ticks a frame 30. The book takes every message in at once (`get`
 * answers the latest quote) and wakes the rows that moved just before the next frame is drawn, in one render:
 * what a row shows is painted in the same frame as before.
 */
import type { Atom, Store } from '../../core/state/store';
import type { QuoteView } from '../../core/runtime/types';
import { createSymbolListeners } from './symbol-listeners';

type Quotes = ReadonlyMap<string, QuoteView>;

/** What the table and its rows subscribe to. */
export interface QuoteBook {
  /** The latest quote of a symbol (the same object until that symbol's quote changes). */
  get(symbol: string): QuoteView | undefined;
  /** Hear the symbol's quote change; returns the release. */
  subscribe(symbol: string, listener: () => void): () => void;
  /**
   * The quotes as of the last change of the list: a symbol added or gone, or a quote's category or rank
   * changed. Its prices may be older than `get`'s; what the table takes from it is which rows, in what order.
   */
  shape(): Quotes;
  /** Hear the list change. */
  subscribeShape(listener: () => void): () => void;
}

/**
 * Runs `wake` before the next frame is drawn: an animation frame where the page draws frames (none while the
 * page is hidden, so a tab in the background renders nothing until it is seen), a task elsewhere.
 */
function beforeNextFrame(wake: () => void): () => void {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(wake);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(wake, 0);
  return () => clearTimeout(id);
}

/** Whether two quotes show the same (local names make new objects of unchanged quotes on every message). */
function sameQuote(a: QuoteView, b: QuoteView): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof QuoteView)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

const books = new WeakMap<Store, WeakMap<Atom<Quotes>, QuoteBook>>();

/** The book of `atom` in `store` (one per atom and store, shared by every table that shows it). */
export function quoteBook(store: Store, atom: Atom<Quotes>): QuoteBook {
  let ofStore = books.get(store);
  if (!ofStore) books.set(store, (ofStore = new WeakMap()));
  let book = ofStore.get(atom);
  if (!book) ofStore.set(atom, (book = createQuoteBook(store, atom)));
  return book;
}

function createQuoteBook(store: Store, atom: Atom<Quotes>): QuoteBook {
  const quotes = new Map<string, QuoteView>();
  const listeners = createSymbolListeners();
  const shapeListeners = new Set<() => void>();
  let shape: Quotes = new Map();
  let release: (() => void) | null = null;
  /** Symbols whose quote changed since the rows last heard, and the frame that will tell them. */
  const moved = new Set<string>();
  let cancelWake: (() => void) | null = null;

  const wake = () => {
    cancelWake = null;
    const symbols = [...moved];
    moved.clear();
    for (const symbol of symbols) listeners.notify(symbol);
  };

  /**
   * Take the atom's map in: keep unchanged quotes, wake the table at once on a list change (it renders the new
   * rows with their quotes), and the rows of changed symbols before the next frame.
   */
  const take = () => {
    const next = store.get(atom);
    let reshaped = next.size !== quotes.size;
    for (const [symbol, quote] of next) {
      const known = quotes.get(symbol);
      if (known && sameQuote(known, quote)) continue;
      reshaped ||= !known || known.type !== quote.type || known.sort !== quote.sort;
      quotes.set(symbol, quote);
      moved.add(symbol);
    }
    if (reshaped) {
      for (const symbol of quotes.keys()) if (!next.has(symbol)) quotes.delete(symbol);
      shape = new Map(quotes);
    }
    // With no row listening nothing is owed (a row that subscribes reads the book afresh); else the rows of
    // everything moved since the last frame hear it in the next, however many messages came in between.
    if (!release || !listeners.any()) moved.clear();
    else if (moved.size > 0) cancelWake ??= beforeNextFrame(wake);
    if (reshaped) shapeListeners.forEach((listener) => listener());
  };

  // Subscribed to the atom (which subscribes the feed) while anything listens, like a widget reading it.
  const hold = () => {
    if (release) return;
    release = store.sub(atom, take);
    take();
  };
  const letGo = () => {
    if (!release || listeners.any() || shapeListeners.size > 0) return;
    release();
    release = null;
    cancelWake?.();
    cancelWake = null;
    moved.clear();
  };

  return {
    get(symbol) {
      if (!release) take();
      return quotes.get(symbol);
    },
    subscribe(symbol, listener) {
      // Taken in before the listener is added: a subscriber reads the book afresh, it is not told.
      hold();
      const remove = listeners.add(symbol, listener);
      return () => {
        remove();
        letGo();
      };
    },
    shape() {
      if (!release) take();
      return shape;
    },
    subscribeShape(listener) {
      hold();
      shapeListeners.add(listener);
      return () => {
        shapeListeners.delete(listener);
        letGo();
      };
    },
  };
}
