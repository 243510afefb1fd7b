// Issue #26 item 11: the keyboard focus ring is seen on the accent-filled buttons (Buy, submit, primary) as
// well as on the page, in light and dark: WCAG 1.4.11 asks 3:1 against what is next to it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { THEME_TOKENS } from './theme-tokens';

const here = import.meta.dirname;

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The body of the rule whose selector is exactly `selector`. */
function rule(css: string, selector: string): string {
  const clean = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const match = new RegExp(
    `(^|\\})\\s*${selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\{([^}]*)\\}`,
  ).exec(clean);
  if (!match) throw new Error(`no rule ${selector}`);
  return match[2]!;
}

/** The first `--tk-*` token named in a declaration of the rule. */
function tokenOf(body: string, property: string): string {
  const declaration = new RegExp(`${property}:([^;]+);`).exec(body)?.[1] ?? '';
  const name = /var\((--tk-[\w-]+)/.exec(declaration)?.[1];
  if (!name) throw new Error(`${property} names no token: "${declaration.trim()}"`);
  return name;
}

const value = (name: string, theme: 'light' | 'dark') => {
  const token = THEME_TOKENS.find((t) => t.name === name);
  if (!token) throw new Error(`unknown token ${name}`);
  return token[theme];
};

/** Backgrounds a focused control can have: the page's two surfaces and the filled buttons. */
const PAGES = ['--tk-surface', '--tk-surface-2'];
const FILLS = ['--tk-accent', '--tk-color-up', '--tk-color-down'];

describe.each([
  ['the widgets (base.css)', resolve(here, 'base.css'), '.tk-root :focus-visible'],
  ['the host (host.css)', resolve(here, '../../host/host.css'), ':focus-visible'],
])('the focus ring of %s', (_, file, selector) => {
  const body = rule(readFileSync(file, 'utf8'), selector);
  const outer = tokenOf(body, 'outline');
  const inner = tokenOf(body, 'box-shadow');

  it('is drawn inside the box (a scrolling list does not clip it)', () => {
    expect(body).toMatch(/outline-offset:\s*-2px/);
    expect(body).toMatch(/box-shadow:\s*inset 0 0 0 4px/);
  });

  it.each(['light', 'dark'] as const)(
    'reads at 3:1 against the page and every filled button in %s',
    (theme) => {
      for (const page of PAGES) {
        expect({ page, ratio: contrast(value(outer, theme), value(page, theme)) >= 3 }).toEqual({
          page,
          ratio: true,
        });
      }
      for (const fill of FILLS) {
        expect({ fill, ratio: contrast(value(inner, theme), value(fill, theme)) >= 3 }).toEqual({
          fill,
          ratio: true,
        });
      }
      // The two tones tell apart from each other as well.
      expect(contrast(value(outer, theme), value(inner, theme))).toBeGreaterThanOrEqual(3);
    },
  );
});

it('no order-form stylesheet puts the accent ring back on its buttons', () => {
  for (const file of ['../option-form/option-form.css', '../order-form/order-form.css', 'trade-form.css']) {
    const css = readFileSync(resolve(here, file), 'utf8');
    expect({ file, accentRingOnButtons: /button:focus-visible[^{]*\{[^}]*--tk-accent/.test(css) }).toEqual({
      file,
      accentRingOnButtons: false,
    });
  }
});
