/** Up/down colour pairs a trader may choose (spec §2 colour theme choices), where the brand allows it (UC1). */
import type { BrandSettings } from '../../core/contract/types';
import { COLOR_SCHEME_IDS, userColorsAllowed, type ColorSchemeId } from '../../core/contract/users';
import type { UpDownColors } from './brand';

export interface ColorScheme {
  id: ColorSchemeId;
  /** null: the brand's own colours (the default). */
  colors: UpDownColors | null;
}

/** The brand pair first, then the two common market conventions (the ids the server stores, UC2). */
export const COLOR_SCHEMES: readonly ColorScheme[] = [
  { id: 'brand', colors: null },
  { id: 'green-red', colors: { up: '#16a34a', down: '#dc2626' } },
  { id: 'red-green', colors: { up: '#dc2626', down: '#16a34a' } },
];

/** Colours of a scheme id, falling back to the brand's pair for `brand` or an unknown id. */
export function schemeColors(id: string, brand: UpDownColors): UpDownColors {
  return COLOR_SCHEMES.find((s) => s.id === id)?.colors ?? brand;
}

/** Whether `id` names one of the pairs. */
export function isColorSchemeId(id: unknown): id is ColorSchemeId {
  return (COLOR_SCHEME_IDS as readonly unknown[]).includes(id);
}

export { userColorsAllowed };

/**
 * The pair the page shows: the trader's choice where the brand allows one, else the brand's own. A choice made
 * while it was allowed is kept (device and server), only not shown, so it returns if the brand allows it again.
 */
export function shownScheme(choice: ColorSchemeId, brand: Pick<BrandSettings, 'userColors'>): ColorSchemeId {
  return userColorsAllowed(brand) ? choice : 'brand';
}
