/** What selecting a symbol does: desktop shows it in the main panel, mobile opens its chart page. */
import { useCallback } from 'react';
import type { SymbolSelectDetail } from '../../widgets/_shared/events';
import { useHost } from '../host-context';
import { navigate } from '../routing/history';
import { chartPath } from '../routing/paths';
import { useRoute } from '../routing/router';
import { useIsDesktop } from '../shells/use-media-query';

/** The `onSymbolSelect` of quote lists and search results. */
export function useOpenSymbol(): (detail: SymbolSelectDetail) => void {
  const desktop = useIsDesktop();
  const { page } = useRoute();
  const { setSymbol } = useHost();
  return useCallback(
    ({ symbol }: SymbolSelectDetail) => {
      if (!desktop) navigate(chartPath(symbol));
      else {
        setSymbol(symbol);
        // The address names the symbol on the chart route, and the search dialog closes on a pick.
        if (page === 'chart') navigate(chartPath(symbol), { replace: true });
        else if (page === 'search') navigate('/');
      }
    },
    [desktop, page, setSymbol],
  );
}
