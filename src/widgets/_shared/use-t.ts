import { useCallback, useSyncExternalStore } from 'react';
import { usePlatform } from './platform-context';

/** Translate a key of the page's i18n instance ({{var}} interpolation). */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

const versions = new WeakMap<object, number>();

/**
 * `t` bound to the platform's i18n instance. Re-renders when the language changes or a lazily loaded
 * locale arrives, and returns a new function then, so memoised children re-render too.
 */
export function useT(): Translate {
  const { i18n } = usePlatform();
  const subscribe = useCallback(
    (notify: () => void) => {
      const bump = () => {
        versions.set(i18n, (versions.get(i18n) ?? 0) + 1);
        notify();
      };
      i18n.on('languageChanged', bump);
      i18n.on('initialized', bump);
      i18n.on('loaded', bump);
      i18n.store?.on('added', bump);
      return () => {
        i18n.off('languageChanged', bump);
        i18n.off('initialized', bump);
        i18n.off('loaded', bump);
        i18n.store?.off('added', bump);
      };
    },
    [i18n],
  );
  const version = useSyncExternalStore(subscribe, () => versions.get(i18n) ?? 0);
  // `version` is in the deps on purpose: a new `t` identity per language change.
  return useCallback<Translate>((key, vars) => i18n.t(key, vars ?? {}) as string, [i18n, version]);
}
