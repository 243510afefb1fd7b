import { useEffect, useState } from 'react';
import { marketStatus } from '../../core/contract/market';
import { PRODUCT_INFO_REFRESH_MS } from '../../core/contract/trading';
import type { Platform } from '../../core/runtime/types';

/**
 * The text of `status/{symbol}` (spec §4: `closed` and `early_trading` block trading), fetched with the
 * product info cadence and again whenever the quote's market flag flips; null until known.
 */
export function useMarketStatus(platform: Platform, symbol: string, quoteOpen: boolean | undefined) {
  const [status, setStatus] = useState<{ symbol: string; text: string } | null>(null);
  useEffect(() => {
    if (!symbol) return undefined;
    let live = true;
    const load = () =>
      void platform.api.call(marketStatus, { symbol }, { silent: true }).then((result) => {
        if (live && result.ok && typeof result.data === 'string') setStatus({ symbol, text: result.data });
      });
    load();
    const timer = setInterval(load, PRODUCT_INFO_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [platform, symbol, quoteOpen]);
  return status?.symbol === symbol ? status.text : null;
}
