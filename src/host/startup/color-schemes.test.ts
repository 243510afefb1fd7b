import { describe, expect, it } from 'vitest';
import { COLOR_SCHEME_IDS } from '../../core/contract/users';
import {
  COLOR_SCHEMES,
  isColorSchemeId,
  schemeColors,
  shownScheme,
  userColorsAllowed,
} from './color-schemes';

const BRAND = { up: '#2962ff', down: '#d32f2f' };

describe('the up/down colour pairs', () => {
  it('are the ids the server stores, in its order', () => {
    expect(COLOR_SCHEMES.map((s) => s.id)).toEqual([...COLOR_SCHEME_IDS]);
  });

  it('read an id, the brand pair standing in for `brand` and an unknown id', () => {
    expect(schemeColors('red-green', BRAND)).toEqual({ up: '#dc2626', down: '#16a34a' });
    expect(schemeColors('brand', BRAND)).toBe(BRAND);
    expect(schemeColors('purple', BRAND)).toBe(BRAND);
    expect(isColorSchemeId('green-red')).toBe(true);
    expect(isColorSchemeId('Green-Red')).toBe(false);
    expect(isColorSchemeId(null)).toBe(false);
  });

  it("show the trader's choice unless the brand fixes its colours (UC1)", () => {
    expect(userColorsAllowed({})).toBe(true);
    expect(userColorsAllowed({ userColors: true })).toBe(true);
    expect(userColorsAllowed({ userColors: false })).toBe(false);
    expect(shownScheme('green-red', {})).toBe('green-red');
    expect(shownScheme('green-red', { userColors: false })).toBe('brand');
  });
});
