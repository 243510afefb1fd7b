/** What selecting a symbol does: desktop shows it in the main panel, mobile opens its chart page. */
import { useCallback } from 'react';
import type { SymbolSelectDetail } from '../../widgets/_shared/events';
import { useHost } from '../host-context';
import { navigate } from '../routing/history';
import { isBuilt } from '../routing/routes';
import { useIsDesktop } from '../shells/use-media-query';

/** The `onSymbolSelect` of quote lists; undefined on mobile while the chart page is not built. */
export function useOpenSymbol(): ((detail: SymbolSelectDetail) => void) | undefined {
  const desktop = useIsDesktop();
  const { setSymbol } = useHost();
  const select = useCallback(
    ({ symbol }: SymbolSelectDetail) => {
      if (desktop) setSymbol(symbol);
      else navigate(`/${encodeURIComponent(symbol)}/chart`);
    },
    [desktop, setSymbol],
  );
  return desktop || isBuilt('chart') ? select : undefined;
}
