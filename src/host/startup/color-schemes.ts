/** Up/down colour pairs the desktop top bar offers (spec §2 colour theme choices). */
import type { UpDownColors } from './brand';

export interface ColorScheme {
  id: string;
  /** null: the brand's own colours (the default). */
  colors: UpDownColors | null;
}

/** The brand pair first, then the two common market conventions. */
export const COLOR_SCHEMES: readonly ColorScheme[] = [
  { id: 'brand', colors: null },
  { id: 'green-red', colors: { up: '#16a34a', down: '#dc2626' } },
  { id: 'red-green', colors: { up: '#dc2626', down: '#16a34a' } },
];

/** Colours of a scheme id, falling back to the brand's pair for `brand` or an unknown id. */
export function schemeColors(id: string, brand: UpDownColors): UpDownColors {
  return COLOR_SCHEMES.find((s) => s.id === id)?.colors ?? brand;
}
