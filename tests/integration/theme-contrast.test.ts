// WCAG contrast of the default brand's colour pairs in both themes: text on the primary (accent) button, text
// on the up/down buttons, muted and body text on both surfaces, up/down prices on the surfaces and the notice
// colours, with the up/down colours the host really applies (the brand's, made readable for the theme).
import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST } from '../../src/core/domain/contrast';
import { readablePair } from '../../src/core/domain/contrast';
import type { ThemeName } from '../../src/host/startup/brand';
import { COLOR_SCHEMES, schemeColors } from '../../src/host/startup/color-schemes';
import { THEME_TOKENS } from '../../src/widgets/_shared/theme-tokens';
import { BRAND_SEEDS, DEFAULT_BRAND_ID } from '../../server/src/brand/seed-data';

const brand = BRAND_SEEDS.find((seed) => seed.id === DEFAULT_BRAND_ID)!;
const THEMES: readonly ThemeName[] = ['light', 'dark'];

function token(name: string, theme: ThemeName): string {
  const found = THEME_TOKENS.find((t) => t.name === name);
  if (!found) throw new Error(`no token ${name}`);
  return found[theme];
}

/** [what, foreground, background] of a theme, with the given up/down colours. */
function pairs(theme: ThemeName, colors: { up: string; down: string }): Array<[string, string, string]> {
  const v = (name: string) => token(name, theme);
  return [
    ['text on primary', v('--tk-accent-text'), v('--tk-accent')],
    ['text on up button', v('--tk-accent-text'), colors.up],
    ['text on down button', v('--tk-accent-text'), colors.down],
    ['muted text on surface', v('--tk-text-muted'), v('--tk-surface')],
    ['muted text on surface-2', v('--tk-text-muted'), v('--tk-surface-2')],
    ['text on surface', v('--tk-text'), v('--tk-surface')],
    ['text on surface-2', v('--tk-text'), v('--tk-surface-2')],
    ['up price on surface', colors.up, v('--tk-surface')],
    ['up price on surface-2', colors.up, v('--tk-surface-2')],
    ['down price on surface', colors.down, v('--tk-surface')],
    ['down price on surface-2', colors.down, v('--tk-surface-2')],
    ['accent text on surface', v('--tk-accent'), v('--tk-surface')],
    ['danger on surface', v('--tk-danger'), v('--tk-surface')],
    ['warning text on warning', v('--tk-warning-text'), v('--tk-warning')],
  ];
}

describe('theme contrast of the default brand', () => {
  describe.each(THEMES)('%s theme', (theme) => {
    const colors = readablePair(brand.settings.colors, theme);
    it.each(pairs(theme, colors))('%s (%s on %s) reaches 4.5:1', (_what, fg, bg) => {
      expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    });

    it('the widgets’ built-in up/down defaults reach 4.5:1 as well', () => {
      const builtIn = { up: token('--tk-color-up', theme), down: token('--tk-color-down', theme) };
      for (const [, fg, bg] of pairs(theme, builtIn)) {
        expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
    });

    it.each(COLOR_SCHEMES.map((s) => s.id))('the %s colour scheme is made readable', (id) => {
      const scheme = readablePair(schemeColors(id, brand.settings.colors), theme);
      for (const [, fg, bg] of pairs(theme, scheme)) {
        expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
    });
  });

  it('keeps the default brand’s own colours in the light theme (they already read)', () => {
    expect(readablePair(brand.settings.colors, 'light')).toEqual(brand.settings.colors);
  });
});
