/**
 * The only module that imports jotai (vanilla). React hooks come from src/widgets/_shared/store-react.ts.
 * One page-wide store: every widget root is given this store explicitly.
 */
import { atom, createStore } from 'jotai/vanilla';
import type { Atom, PrimitiveAtom, WritableAtom } from 'jotai/vanilla';

export { atom };
export type { Atom, PrimitiveAtom, WritableAtom };
export type Store = ReturnType<typeof createStore>;

const PAGE_STORE = Symbol.for('tradekit.store');

/** The page-wide store (shared even if two copies of this module end up on one page). */
export function getPageStore(): Store {
  const g = globalThis as unknown as Record<symbol, Store | undefined>;
  return (g[PAGE_STORE] ??= createStore());
}

/** Forget the page-wide store so the next getPageStore() makes a fresh one (tests only). */
export function resetPageStoreForTests(): void {
  delete (globalThis as unknown as Record<symbol, Store | undefined>)[PAGE_STORE];
}

/** A fresh store not shared with the page (tests, isolated previews). */
export function createIsolatedStore(): Store {
  return createStore();
}
