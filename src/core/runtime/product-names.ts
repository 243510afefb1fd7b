/**
 * Local product names of a language (spec §1 languages): the product list asked for in that language,
 * reduced to symbol → name. Loaded lazily, only for a page in another language than English, so the names
 * are never part of a widget's first paint.
 */
import { productList } from '../contract/market';
import type { ApiClient } from './types';

/**
 * Symbol → name in `language`; an empty map for English (the feed's names) and when the list cannot be had
 * (English names then show).
 */
export async function loadProductNames(
  api: ApiClient,
  language: string,
): Promise<ReadonlyMap<string, string>> {
  if (language === 'en') return new Map();
  const result = await api.call(productList, { locale: language }, { silent: true });
  if (!result.ok || !Array.isArray(result.data)) return new Map();
  return new Map(result.data.map((p) => [p.productCode, p.productName]));
}
