import { useCallback, useState } from 'react';
import { useWidgetHost } from './widget-host';

const byHost = new WeakMap<HTMLElement, Map<string, unknown>>();

/**
 * useState that survives r2wc's unmount when the element is moved in the page (r2wc unmounts the React
 * root on disconnect and mounts a new one on connect). Kept per element, so two widgets of one tag keep
 * their own value; inside a host React tree it is plain useState (the host's tree keeps it).
 */
export function useHostState<T>(key: string, initial: T): [T, (value: T) => void] {
  const host = useWidgetHost();
  const [value, setValue] = useState<T>(() =>
    host && byHost.get(host)?.has(key) ? (byHost.get(host)?.get(key) as T) : initial,
  );
  const set = useCallback(
    (next: T) => {
      if (host) {
        const saved = byHost.get(host) ?? new Map<string, unknown>();
        saved.set(key, next);
        byHost.set(host, saved);
      }
      setValue(next);
    },
    [host, key],
  );
  return [value, set];
}
