import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { THEME_BACKDROPS } from '../../core/domain/contrast';
import { THEME_TOKENS } from './theme-tokens';

const here = import.meta.dirname;
const widgetsDir = resolve(here, '..');
const read = (path: string) => readFileSync(path, 'utf8');

/** Declarations `--tk-x: value;` inside the first block that starts with `selector`. */
function block(css: string, selector: string): Map<string, string> {
  const start = css.indexOf(selector);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  const vars = new Map<string, string>();
  for (const m of body.matchAll(/(--tk-[\w-]+):\s*([^;]+);/g)) vars.set(m[1]!, m[2]!.trim());
  return vars;
}

/** Resolve `var(--tk-primitive)` references of tokens.css to their value. */
function resolved(value: string, primitives: Map<string, string>): string {
  return value.replace(/var\((--tk-[\w-]+)\)/g, (_, name: string) => primitives.get(name) ?? name);
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('theme tokens', () => {
  const tokensCss = read(resolve(here, 'tokens.css')).replace(/\/\*[\s\S]*?\*\//g, '');
  const light = block(tokensCss, ':root');
  const dark = block(tokensCss, "[data-tk-theme='dark']");

  it.each(THEME_TOKENS.filter((t) => t.light !== 'inherit').map((t) => [t.name, t] as const))(
    'tokens.css documents %s with the built-in light and dark defaults',
    (name, token) => {
      expect(resolved(light.get(name) ?? '', light)).toBe(token.light);
      expect(resolved(dark.get(name) ?? light.get(name) ?? '', light)).toBe(token.dark);
    },
  );

  it.each([
    ['--tk-demo-text', '--tk-demo'],
    ['--tk-warning-text', '--tk-warning'],
    ['--tk-text', '--tk-surface'],
    ['--tk-text', '--tk-surface-2'],
  ])('%s on %s reads at 4.5:1 or more in light and dark', (text, background) => {
    const token = (name: string) => THEME_TOKENS.find((t) => t.name === name)!;
    for (const theme of ['light', 'dark'] as const) {
      expect(contrast(token(text)[theme], token(background)[theme])).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('every --tk-* token a widget stylesheet reads is a documented theme token', () => {
    const known = new Set<string>(THEME_TOKENS.map((t) => t.name));
    const cssFiles = readdirSync(widgetsDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.css') && !f.endsWith('tokens.css'))
      .map((f) => resolve(widgetsDir, f));
    const used = cssFiles.flatMap((f) => [...read(f).matchAll(/var\((--tk-[\w-]+)/g)].map((m) => m[1]!));
    expect(used.length).toBeGreaterThan(20);
    expect([...new Set(used)].filter((name) => !known.has(name))).toEqual([]);
  });

  it('widget stylesheets hold no colour literal: colours come from tokens', () => {
    const cssFiles = readdirSync(widgetsDir, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.css') && !f.endsWith('tokens.css'),
    );
    for (const file of cssFiles) {
      expect({ file, literals: read(resolve(widgetsDir, file)).match(/#[0-9a-f]{3,8}\b|rgba?\(/gi) }).toEqual(
        {
          file,
          literals: null,
        },
      );
    }
  });
});

it('gives the contrast rule the darker surface of each theme (THEME_BACKDROPS = --tk-surface-2)', () => {
  const surface = THEME_TOKENS.find((token) => token.name === '--tk-surface-2');
  expect(THEME_BACKDROPS).toEqual({ light: surface?.light, dark: surface?.dark });
});
