/** Pages of one symbol leave for home when the live prices show nobody quotes it (a mistyped or old link). */
import { useCallback, useEffect } from 'react';
import type { QuoteView } from '../../core/runtime/types';
import { usePlatform } from '../../widgets/_shared/platform-context';
import { useAtomSelect } from '../../widgets/_shared/store-react';
import { navigate } from '../routing/history';

/**
 * Sends the page home once prices have arrived without `symbol` among them ('' checks nothing). The page renders
 * again only when that answer changes, not with every catalogue message (EK45).
 */
export function useKnownSymbol(symbol: string): void {
  const { atoms } = usePlatform();
  const unknownIn = useCallback(
    (prices: ReadonlyMap<string, QuoteView>) => symbol !== '' && prices.size > 0 && !prices.has(symbol),
    [symbol],
  );
  const unknown = useAtomSelect(atoms.prices, unknownIn);
  useEffect(() => {
    if (unknown) navigate('/', { replace: true });
  }, [unknown]);
}
