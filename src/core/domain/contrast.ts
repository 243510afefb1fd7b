/**
 * WCAG 2.x colour contrast: relative luminance, contrast ratio, and the nearest colour of a hue that reaches a
 * ratio against a given text or background colour (how brand colours are made readable in either theme).
 */

/** Body text needs 4.5:1 (WCAG 2.x success criterion 1.4.3, level AA). */
export const MIN_TEXT_CONTRAST = 4.5;

type Rgb = [number, number, number];

/** `#rgb` / `#rrggbb` → channels 0–255; null for anything else. */
export function parseHex(colour: string): Rgb | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance of an sRGB colour (0 black … 1 white). */
export function luminance(colour: string): number {
  const rgb = parseHex(colour);
  if (!rgb) throw new Error(`not a hex colour: ${colour}`);
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two colours, 1 … 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * `colour` itself when it reaches `min` against `other`, else the closest mix of it toward black or white
 * (whichever moves away from `other`) that does, in 2 % steps. Not a hex colour: returned unchanged.
 */
export function readableAgainst(colour: string, other: string, min = MIN_TEXT_CONTRAST): string {
  const rgb = parseHex(colour);
  if (!rgb || !parseHex(other) || contrastRatio(colour, other) >= min) return colour;
  const target = luminance(other) > 0.18 ? 0 : 255;
  for (let step = 1; step <= 50; step++) {
    const t = step / 50;
    const mixed = toHex(rgb.map((c) => c + (target - c) * t) as Rgb);
    if (contrastRatio(mixed, other) >= min) return mixed;
  }
  return toHex([target, target, target]);
}

/** The darker of the two surfaces of each theme (`--tk-surface-2`): what up/down colours must read on. */
export const THEME_BACKDROPS = { light: '#f5f7fa', dark: '#1e222d' } as const;

/** An up/down colour pair. */
export interface UpDownPair {
  up: string;
  down: string;
}

/**
 * Up/down colours that read at 4.5:1 in the theme: as text on its surfaces, and as the fill of buttons whose
 * text is `--tk-accent-text` (white in light, the dark surface colour in dark). A colour that already does is
 * kept; one that does not is mixed toward black (light) or white (dark) just enough.
 */
export function readablePair(colors: UpDownPair, theme: keyof typeof THEME_BACKDROPS): UpDownPair {
  const backdrop = THEME_BACKDROPS[theme];
  return { up: readableAgainst(colors.up, backdrop), down: readableAgainst(colors.down, backdrop) };
}
