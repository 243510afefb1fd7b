import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { productList } from '../../core/contract/market';
import { PRODUCT_INFO_REFRESH_MS } from '../../core/contract/trading';
import type { ProductInfo } from '../../core/contract/types';
import type { CallResult, Platform } from '../../core/runtime/types';
import { createTradingApi } from '../../core/trading/trading-api';
import { withDefaults } from './order-form.logic';

/** The product of the form: loaded on mount, every 60 s, and on demand right before a submit. */
export interface OrderProduct {
  product: ProductInfo | null;
  /** Set when the last load failed (translated message) and nothing was loaded before. */
  error: string | null;
  /** Load now; answers the fresh product or the failure. */
  refresh(): Promise<CallResult<ProductInfo>>;
}

/**
 * `product/order/info` for a signed-in user. A visitor has no token for that protected call, so the public
 * `forex/product/list` (the same ProductInfo) stands in until they sign in.
 */
export function useOrderProduct(platform: Platform, symbol: string, signedIn: boolean): OrderProduct {
  const trading = useMemo(() => createTradingApi(platform), [platform]);
  const [state, setState] = useState<{ symbol: string; product: ProductInfo | null; error: string | null }>({
    symbol,
    product: null,
    error: null,
  });
  const latest = useRef(symbol);
  latest.current = symbol;

  const load = useCallback(async (): Promise<CallResult<ProductInfo>> => {
    const options = { silent: true, noAuthRedirect: true };
    const result = signedIn
      ? await trading.productInfo(symbol, options)
      : await publicProduct(platform, symbol);
    if (latest.current !== symbol) return result;
    if (result.ok) setState({ symbol, product: withDefaults(result.data), error: null });
    else
      setState((s) =>
        s.symbol === symbol && s.product ? s : { symbol, product: null, error: result.message },
      );
    return result.ok ? { ...result, data: withDefaults(result.data) } : result;
  }, [platform, trading, symbol, signedIn]);

  useEffect(() => {
    if (!symbol) return undefined;
    void load();
    const timer = setInterval(() => void load(), PRODUCT_INFO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [symbol, load]);

  const current = state.symbol === symbol ? state : { product: null, error: null };
  return { product: current.product, error: current.error, refresh: load };
}

async function publicProduct(platform: Platform, symbol: string): Promise<CallResult<ProductInfo>> {
  const result = await platform.api.call(productList, {}, { silent: true });
  if (!result.ok) return result;
  const product = Array.isArray(result.data) ? result.data.find((p) => p.productCode === symbol) : undefined;
  if (product) return { ok: true, data: product, envelope: { ...result.envelope, data: product } };
  return { ok: false, code: 604, message: platform.i18n.t('code.604') };
}
