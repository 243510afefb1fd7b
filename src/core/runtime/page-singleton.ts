/**
 * One instance per page (DESIGN.md "one core"): the page store, the platform, each platform's session,
 * orders and widget caches. Every value lives in a global slot named `Symbol.for('tradekit.<key>')`, so
 * two TradeKit bundles on one page still meet the same instance. This is the only module that keeps such
 * a slot; everything that must exist once per page goes through it.
 */

/** A value that exists once per page. */
export interface PageSingleton<T, A extends unknown[] = []> {
  /** The value, created on first use (`args` reach `create` only then). */
  get(...args: A): T;
  /** The value if it exists, without creating it. */
  peek(): T | undefined;
  /** Make `value` the page's value (test harnesses). */
  set(value: T): void;
  /** Dispose of the value, if any, and forget it: the next get() creates a fresh one (tests only). */
  reset(): void;
}

/** A value that exists once per owner object of the page (e.g. one per platform). */
export interface PageSingletonMap<K extends object, T, A extends unknown[] = []> {
  /** The owner's value, created on first use (`args` reach `create` only then). */
  get(owner: K, ...args: A): T;
  /** The owner's value if it exists, without creating it. */
  peek(owner: K): T | undefined;
  /** Make `value` the owner's value (test harnesses). */
  set(owner: K, value: T): void;
  /** Dispose of the owner's value, if any, and forget it (tests only). */
  reset(owner: K): void;
}

type Slots = Record<symbol, unknown>;

const slots = () => globalThis as unknown as Slots;
const slotKey = (key: string) => Symbol.for(`tradekit.${key}`);

/** The page's `key` value, made by `create` on first use; `dispose` runs on reset. */
export function pageSingleton<T, A extends unknown[] = []>(
  key: string,
  create: (...args: A) => T,
  dispose?: (value: T) => void,
): PageSingleton<T, A> {
  const symbol = slotKey(key);
  const peek = () => slots()[symbol] as T | undefined;
  return {
    get(...args) {
      const existing = peek();
      if (existing !== undefined) return existing;
      const value = create(...args);
      slots()[symbol] = value;
      return value;
    },
    peek,
    set(value) {
      slots()[symbol] = value;
    },
    reset() {
      const value = peek();
      if (value !== undefined) dispose?.(value);
      delete slots()[symbol];
    },
  };
}

/** The page's `key` value of each owner, made by `create` on first use; `dispose` runs on reset. */
export function pageSingletonMap<K extends object, T, A extends unknown[] = []>(
  key: string,
  create: (owner: K, ...args: A) => T,
  dispose?: (value: T) => void,
): PageSingletonMap<K, T, A> {
  const map = pageSingleton(key, () => new WeakMap<K, T>());
  return {
    get(owner, ...args) {
      const values = map.get();
      if (values.has(owner)) return values.get(owner) as T;
      const value = create(owner, ...args);
      values.set(owner, value);
      return value;
    },
    peek: (owner) => map.peek()?.get(owner),
    set(owner, value) {
      map.get().set(owner, value);
    },
    reset(owner) {
      const values = map.peek();
      if (!values?.has(owner)) return;
      const value = values.get(owner) as T;
      dispose?.(value);
      values.delete(owner);
    },
  };
}
