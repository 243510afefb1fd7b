/** Pages of one symbol leave for home when the live prices show nobody quotes it (a mistyped or old link). */
import { useEffect } from 'react';
import { usePlatform } from '../../widgets/_shared/platform-context';
import { useAtomValue } from '../../widgets/_shared/store-react';
import { navigate } from '../routing/history';

/** Sends the page home once prices have arrived without `symbol` among them ('' checks nothing). */
export function useKnownSymbol(symbol: string): void {
  const { atoms } = usePlatform();
  const prices = useAtomValue(atoms.prices);
  const unknown = symbol !== '' && prices.size > 0 && !prices.has(symbol);
  useEffect(() => {
    if (unknown) navigate('/', { replace: true });
  }, [unknown]);
}
