import { useCallback, useEffect, useRef, useState } from 'react';
import { parseCandleType, parsePeriod } from './chart.logic';
import { loadPrefs, savePrefs } from './chart-prefs';
import type { ChartPrefs, Drawing } from './chart-prefs';

/** The prefs of the shown symbol and the ways to change them (each change is saved at once). */
export interface PrefsHandle {
  prefs: ChartPrefs;
  update: (patch: Partial<ChartPrefs>) => void;
  /** The engine's drawings of `symbol` changed. */
  saveDrawings: (symbol: string, drawings: Drawing[]) => void;
}

/**
 * Prefs of `symbol` from local storage, reloaded when the symbol changes. A `period` or `candle-type`
 * attribute, when set, wins over the remembered value: the host chose it (e.g. its own period selector).
 */
export function useChartPrefs(
  symbol: string,
  periodAttribute?: string,
  candleTypeAttribute?: string,
): PrefsHandle {
  const [state, setState] = useState(() => ({ symbol, prefs: loadPrefs(symbol) }));
  let current = state;
  if (state.symbol !== symbol) {
    // React's "state from props" pattern: the new symbol's prefs in this very render.
    current = { symbol, prefs: loadPrefs(symbol) };
    setState(current);
  }
  const latest = useRef(current);
  latest.current = current;

  const update = useCallback((patch: Partial<ChartPrefs>) => {
    const { symbol: owner, prefs } = latest.current;
    const next = { symbol: owner, prefs: { ...prefs, ...patch } };
    latest.current = next;
    if (owner) savePrefs(owner, next.prefs);
    setState(next);
  }, []);

  const saveDrawings = useCallback(
    (owner: string, drawings: Drawing[]) => {
      if (owner === latest.current.symbol) update({ drawings });
      else savePrefs(owner, { ...loadPrefs(owner), drawings });
    },
    [update],
  );

  useEffect(() => {
    const period = parsePeriod(periodAttribute);
    if (period && period !== latest.current.prefs.period) update({ period });
  }, [symbol, periodAttribute, update]);

  useEffect(() => {
    const candleType = parseCandleType(candleTypeAttribute);
    if (candleType && candleType !== latest.current.prefs.candleType) update({ candleType });
  }, [symbol, candleTypeAttribute, update]);

  return { prefs: current.prefs, update, saveDrawings };
}
