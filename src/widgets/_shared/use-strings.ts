import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { addStrings, hasStrings, loadNamespaces } from '../../core/i18n/i18n';
import type { I18n, LocaleFiles } from '../../core/i18n/i18n';

/**
 * Gives the instance a widget's locale files (English imported by its entry, the other languages lazy) and
 * loads its namespaces in the page's language. True once the widget can render without raw keys or a flash of English:
 * at once in English, or after its file of the page's language arrived (or failed to; English then shows).
 */
export function useStrings(i18n: I18n, strings: LocaleFiles): boolean {
  // Synchronous and silent, so the first render already finds the English texts.
  const namespaces = useMemo(() => {
    addStrings(i18n, strings);
    return Object.keys(strings.english);
  }, [i18n, strings]);
  const subscribe = useCallback(
    (notify: () => void) => {
      i18n.on('languageChanged', notify);
      i18n.store?.on('added', notify);
      return () => {
        i18n.off('languageChanged', notify);
        i18n.store?.off('added', notify);
      };
    },
    [i18n],
  );
  const loaded = useSyncExternalStore(subscribe, () => hasStrings(i18n, namespaces));
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (loaded) return;
    const language = i18n.language;
    loadNamespaces(i18n, namespaces).catch((error: unknown) => {
      console.warn(`[tradekit] ${namespaces.join(', ')} strings in ${language} unavailable`, error);
      setFailed(language);
    });
  }, [i18n, namespaces, loaded]);
  return loaded || failed === i18n.language;
}
