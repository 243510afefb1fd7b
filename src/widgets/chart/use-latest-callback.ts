import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function of stable identity that calls the latest `callback`: memoised children (header, toolbar,
 * drawing bar) keep their props equal across the widget's renders and skip re-rendering.
 */
export function useLatestCallback<A extends unknown[], R>(callback: (...args: A) => R): (...args: A) => R {
  const latest = useRef(callback);
  // Before any event handler can run: layout effects run before the browser hands control back.
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
