/** The `category` attribute of <tk-quotes>, read by the widget and checked for the partner (EK1). */
import { CATEGORY_KEYS } from '../../core/contract/types';
import type { CategoryId } from '../../core/contract/types';

/**
 * `category="3"`, `category="forex"` → 3; a name in any case and spacing, singular or plural (`Crypto`,
 * `us-stocks`, `index`) is read too. Null when absent or unknown.
 */
export function parseCategory(attribute: string | null | undefined): CategoryId | null {
  const text = attribute?.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (!text) return null;
  for (const [id, key] of Object.entries(CATEGORY_KEYS)) {
    const name = key.toLowerCase();
    const singular = name === 'indices' ? 'index' : name.replace(/(ie)?s$/, (_, ie) => (ie ? 'y' : ''));
    if (text === id || text === name || text === singular) return Number(id) as CategoryId;
  }
  return null;
}

/** The category values the console warning of an unknown `category` lists. */
export const CATEGORY_VALUES = Object.entries(CATEGORY_KEYS)
  .map(([id, key]) => `${id} or ${key}`)
  .join(', ');
