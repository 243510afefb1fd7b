import { useEffect, useState } from 'react';
import type { ProductInfo } from '../../core/contract/types';
import { useHostState } from '../_shared/host-state';
import { parseScheme } from './chart.logic';

/** How long the chart waits for the product's price precision before it draws with 2 decimals. */
export const PRECISION_WAIT_MS = 1500;
const FALLBACK_PRECISION = 2;

/**
 * The price precision to start the chart with, or null while it is worth waiting for: klinecharts
 * reloads its data when the precision changes, so the chart starts once the quote or the product list
 * tells it, or after a short wait, or at once when the product list does not know the symbol.
 */
export function usePrecision(
  symbol: string,
  known: number | undefined,
  product: ProductInfo | null | undefined,
): number | null {
  const [waited, setWaited] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(symbol), PRECISION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [symbol]);
  if (typeof known === 'number' && Number.isInteger(known) && known >= 0) return known;
  return product === null || waited === symbol ? FALLBACK_PRECISION : null;
}

/**
 * Light or dark: the `theme` attribute, else the brand theme; the toolbar toggle overrides it until the
 * attribute or brand theme changes.
 */
export function useThemeState(
  attribute: string | undefined,
  brandTheme: 'light' | 'dark' | undefined,
): ['light' | 'dark', (theme: 'light' | 'dark') => void] {
  const base = attribute === 'dark' || attribute === 'light' ? attribute : (brandTheme ?? 'light');
  const [toggled, setToggled] = useHostState<{ base: string; theme: 'light' | 'dark' } | null>(
    'chart.theme',
    null,
  );
  const theme = toggled && toggled.base === base ? toggled.theme : base;
  return [theme, (next) => setToggled({ base, theme: next })];
}

/**
 * The colour scheme id: the `color-scheme` attribute, else the brand pair; the chooser overrides it until
 * the attribute changes. Where the brand fixes its colours (`userColors` false, UC1) no trader's pick counts;
 * the page's attribute still does (the partner's styling, like its `--tk-color-*` tokens).
 */
export function useSchemeState(
  attribute: string | undefined,
  userColors = true,
): [string, (id: string) => void] {
  const base = parseScheme(attribute) ?? 'brand';
  const [picked, setPicked] = useHostState<{ base: string; id: string } | null>('chart.scheme', null);
  const id = userColors && picked && picked.base === base ? picked.id : base;
  return [id, (next) => setPicked({ base, id: next })];
}
