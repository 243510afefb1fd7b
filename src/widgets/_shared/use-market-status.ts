import { useEffect, useState } from 'react';
import { marketStatus } from '../../core/contract/market';
import { PRODUCT_INFO_REFRESH_MS } from '../../core/contract/trading';
import type { Platform } from '../../core/runtime/types';
import { useChanges } from './use-changes';

/**
 * The text of `status/{symbol}` (spec §4: `closed` and `early_trading` block trading), fetched with the
 * product info cadence and again whenever the quote's market flag flips; null until known. The flag's first
 * value (the symbol's first quote) is no flip: the form asked as it opened (as the chart does, EK67).
 */
export function useMarketStatus(platform: Platform, symbol: string, quoteOpen: boolean | undefined) {
  const [status, setStatus] = useState<{ symbol: string; text: string } | null>(null);
  const flips = useChanges(quoteOpen, (open) => open !== undefined);
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
  }, [platform, symbol, flips]);
  return status?.symbol === symbol ? status.text : null;
}
