/**
 * The only module that imports jotai (vanilla). React hooks come from src/widgets/_shared/store-react.ts.
 * One page-wide store: every widget root is given this store explicitly.
 */
import { atom, createStore } from 'jotai/vanilla';
import type { Atom, PrimitiveAtom, WritableAtom } from 'jotai/vanilla';
import { pageSingleton } from '../runtime/page-singleton';

export { atom };
export type { Atom, PrimitiveAtom, WritableAtom };
export type Store = ReturnType<typeof createStore>;

const pageStore = pageSingleton<Store>('store', () => createStore());

/** The page-wide store (shared even if two copies of this module end up on one page). */
export function getPageStore(): Store {
  return pageStore.get();
}

/** Forget the page-wide store so the next getPageStore() makes a fresh one (tests only). */
export function resetPageStoreForTests(): void {
  pageStore.reset();
}

/** A fresh store not shared with the page (tests, isolated previews). */
export function createIsolatedStore(): Store {
  return createStore();
}
