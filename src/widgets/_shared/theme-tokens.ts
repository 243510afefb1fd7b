/**
 * The semantic `--tk-*` theme tokens, as data: their documented light and dark defaults feed the
 * shadow-scoped fallbacks (styles.ts), the page-level tokens.css (kept equal by a test) and each widget's
 * `cssProperties` in custom-elements.json. Pure data, importable in Node.
 */
import type { WidgetCssProperty } from './widget-meta';

/** One semantic token with its built-in light and dark defaults. */
export interface ThemeToken {
  name: `--tk-${string}`;
  description: string;
  light: string;
  dark: string;
}

/** Every semantic token a widget may read. */
export const THEME_TOKENS: readonly ThemeToken[] = [
  {
    name: '--tk-color-up',
    description: 'Rising prices and positive changes.',
    light: '#2962ff',
    dark: '#448aff',
  },
  {
    name: '--tk-color-down',
    description: 'Falling prices and negative changes.',
    light: '#d32f2f',
    dark: '#ef5350',
  },
  { name: '--tk-surface', description: 'Widget background.', light: '#ffffff', dark: '#131722' },
  { name: '--tk-surface-2', description: 'Raised or hovered background.', light: '#f5f7fa', dark: '#1e222d' },
  { name: '--tk-text', description: 'Main text colour.', light: '#131722', dark: '#d1d4dc' },
  { name: '--tk-text-muted', description: 'Secondary text colour.', light: '#5d6473', dark: '#8b93a7' },
  { name: '--tk-border', description: 'Dividers and outlines.', light: '#e5e7eb', dark: '#2a2e39' },
  {
    name: '--tk-accent',
    description: 'Selected tab, focus ring and buttons.',
    light: '#2962ff',
    dark: '#448aff',
  },
  // Also the text of up/down buttons; dark on the bright fills of the dark theme (WCAG 4.5:1).
  { name: '--tk-accent-text', description: 'Text on the accent colour.', light: '#ffffff', dark: '#131722' },
  {
    name: '--tk-stale',
    description: 'Delayed (stale) prices and their marker.',
    light: '#9ca3af',
    dark: '#5d6473',
  },
  {
    name: '--tk-warning',
    description: 'Background of a connection warning.',
    light: '#fff4e5',
    dark: '#3a2a0b',
  },
  {
    name: '--tk-warning-text',
    description: 'Text of a connection warning.',
    light: '#8a5300',
    dark: '#ffb74d',
  },
  {
    name: '--tk-demo',
    description: 'Background of the demo-account strip and badge (play money, unmistakable).',
    light: '#f59e0b',
    dark: '#ffb74d',
  },
  {
    name: '--tk-demo-text',
    description: 'Text on the demo-account colour.',
    light: '#131722',
    dark: '#131722',
  },
  {
    name: '--tk-danger',
    description: 'Errors, such as a failed connection.',
    light: '#c62828',
    dark: '#ef5350',
  },
  {
    name: '--tk-radius',
    description: 'Corner radius of cards, badges and buttons.',
    light: '8px',
    dark: '8px',
  },
  {
    name: '--tk-font',
    description: 'Font stack (default: the page font); declare web fonts at page level.',
    light: 'inherit',
    dark: 'inherit',
  },
  { name: '--tk-font-size', description: 'Base font size.', light: '14px', dark: '14px' },
];

/** Tokens every widget reads: surfaces, text, borders, accent, danger, shape and type. */
export const BASE_TOKENS = [
  '--tk-surface',
  '--tk-surface-2',
  '--tk-text',
  '--tk-text-muted',
  '--tk-border',
  '--tk-accent',
  '--tk-accent-text',
  '--tk-danger',
  '--tk-radius',
  '--tk-font',
  '--tk-font-size',
] as const;
/** Tokens of widgets that colour prices by direction. */
export const DIRECTION_TOKENS = ['--tk-color-up', '--tk-color-down'] as const;
/** Tokens of widgets that show the live-connection notice. */
export const NOTICE_TOKENS = ['--tk-warning', '--tk-warning-text'] as const;

/** Tokens of widgets that show which account (demo or real) an order goes to. */
export const ACCOUNT_TOKENS = ['--tk-demo', '--tk-demo-text', '--tk-warning', '--tk-warning-text'] as const;

/** The tokens named, as manifest entries (documented with their light default), in token order. */
export function cssPropertiesOf(names: readonly string[]): WidgetCssProperty[] {
  const wanted = new Set(names);
  for (const name of wanted) {
    if (!THEME_TOKENS.some((t) => t.name === name)) throw new Error(`Unknown theme token ${name}`);
  }
  return THEME_TOKENS.filter((t) => wanted.has(t.name)).map((t) => ({
    name: t.name,
    description: t.description,
    default: t.light,
  }));
}
