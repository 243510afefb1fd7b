/**
 * The only module that imports jotai's React bindings (lint enforces it). Widgets read page state through
 * these hooks; the store itself comes from the platform (see platform-context.tsx).
 */
import { useMemo } from 'react';
import { useAtomValue } from 'jotai/react';
import { atom } from '../../core/state/store';
import type { Atom } from '../../core/state/store';

export { Provider, useAtom, useAtomValue, useSetAtom } from 'jotai/react';

/**
 * What a component reads of an atom through `select`: it renders again when the answer changes (`Object.is`), not
 * on every change of the atom (EK45). The source stays mounted (its subscriptions hold) while the component is.
 * `select` must keep its identity between renders (a module function or `useCallback`): a new one is a new atom.
 */
export function useAtomSelect<T, R>(source: Atom<T>, select: (value: T) => R): R {
  const selected = useMemo(() => atom((get) => select(get(source))), [source, select]);
  return useAtomValue(selected);
}
