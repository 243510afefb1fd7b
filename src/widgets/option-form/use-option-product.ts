import { useCallback, useEffect, useRef, useState } from 'react';
import { findOptionsProduct } from '../../core/contract/options';
import type { OptionProduct } from '../../core/contract/options';
import { PRODUCT_INFO_REFRESH_MS } from '../../core/contract/trading';
import type { CallResult, Platform } from '../../core/runtime/types';

/** The option product of the form: loaded on mount, every 60 s, and on demand right before a submit. */
export interface OptionProductState {
  product: OptionProduct | null;
  /** Set when the last load failed (translated message) and nothing was loaded before. */
  error: string | null;
  /** Load now; answers the fresh product or the failure. */
  refresh(): Promise<CallResult<OptionProduct>>;
}

/** `option/findOptionsProduct` of `symbol` (public: a visitor sees the terms before signing in). */
export function useOptionProduct(platform: Platform, symbol: string): OptionProductState {
  const [state, setState] = useState<{ symbol: string; product: OptionProduct | null; error: string | null }>(
    { symbol, product: null, error: null },
  );
  const latest = useRef(symbol);
  latest.current = symbol;

  const load = useCallback(async (): Promise<CallResult<OptionProduct>> => {
    const result = await platform.api.call(
      findOptionsProduct,
      { limit: 1, page: 1, productCode: symbol },
      { silent: true },
    );
    const product = result.ok ? result.data.optionsProducts.find((p) => p.productCode === symbol) : undefined;
    const answer: CallResult<OptionProduct> = !result.ok
      ? result
      : product
        ? { ok: true, data: product, envelope: { ...result.envelope, data: product } }
        : { ok: false, code: 603, message: platform.i18n.t('code.603') };
    if (latest.current !== symbol) return answer;
    if (answer.ok) setState({ symbol, product: answer.data, error: null });
    else
      setState((s) =>
        s.symbol === symbol && s.product ? s : { symbol, product: null, error: answer.message },
      );
    return answer;
  }, [platform, symbol]);

  useEffect(() => {
    if (!symbol) return undefined;
    void load();
    const timer = setInterval(() => void load(), PRODUCT_INFO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [symbol, load]);

  const current = state.symbol === symbol ? state : { product: null, error: null };
  return { product: current.product, error: current.error, refresh: load };
}
