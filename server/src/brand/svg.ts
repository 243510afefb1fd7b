import type { BrandSettings } from '../../../src/core/contract/types';

import { readableAgainst } from '../../../src/core/domain/contrast';

type Look = Pick<BrandSettings, 'id' | 'name' | 'theme' | 'colors'>;

const FONT = 'font-family="system-ui, -apple-system, \'Segoe UI\', Roboto, sans-serif"';

/** Escapes text for XML/HTML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Only `#rgb` / `#rrggbb` colours reach the markup (settings are data, not trusted markup). */
function colour(value: string, fallback: string): string {
  return /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(value) ? value : fallback;
}

/** A deterministic pseudo-random sequence, so the same banner always draws the same chart. */
function sequence(seed: string): () => number {
  let state = [...seed].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 2166136261);
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function candles(look: Look, n: number, up: string, down: string): string {
  const next = sequence(`${look.id}:${n}`);
  const parts: string[] = [];
  let price = 150;
  for (let i = 0; i < 22; i++) {
    const open = price;
    const close = Math.min(250, Math.max(60, open + (next() - 0.45) * 40));
    const high = Math.max(open, close) + next() * 14;
    const low = Math.min(open, close) - next() * 14;
    const x = 460 + i * 13;
    const fill = close >= open ? up : down;
    parts.push(
      `<line x1="${x + 4}" y1="${(300 - high).toFixed(1)}" x2="${x + 4}" y2="${(300 - low).toFixed(1)}" stroke="${fill}" stroke-width="1.5"/>`,
      `<rect x="${x}" y="${(300 - Math.max(open, close)).toFixed(1)}" width="8" height="${Math.max(2, Math.abs(close - open)).toFixed(1)}" fill="${fill}" rx="1"/>`,
    );
    price = close;
  }
  return parts.join('');
}

/** Page colours the images follow (the values of the --tk-surface, --tk-surface-2 and --tk-text tokens). */
const PALETTE = {
  light: { from: '#eef3ff', to: '#ffffff', ink: '#131722', backdrop: '#f5f7fa' },
  dark: { from: '#131722', to: '#1e222d', ink: '#d1d4dc', backdrop: '#1e222d' },
} as const;

/**
 * A style sheet with the light colours and, under `prefers-color-scheme: dark`, the dark ones: an SVG shown
 * by an `<img>` takes the colour scheme of the page showing it, so the image follows the page's theme (not
 * the brand's default one). `rules(theme)` gives the CSS of one theme.
 */
function schemeStyle(rules: (theme: 'light' | 'dark') => string): string {
  return `<style>${rules('light')}@media (prefers-color-scheme: dark){${rules('dark')}}</style>`;
}

/** The brand mark: a rounded square in the "up" colour with the initial, then the name (page-theme ink). */
export function renderLogo(look: Look): string {
  const up = colour(look.colors.up, '#2962ff');
  const initial = escapeXml((look.name.trim()[0] ?? '?').toUpperCase());
  const width = 48 + look.name.length * 11;
  const style = schemeStyle((theme) => `.ink{fill:${PALETTE[theme].ink}}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="40" viewBox="0 0 ${width} 40" role="img" aria-label="${escapeXml(look.name)}">
${style}
<rect x="2" y="4" width="32" height="32" rx="8" fill="${up}"/>
<text x="18" y="27" text-anchor="middle" font-size="19" font-weight="700" fill="#fff" ${FONT}>${initial}</text>
<text class="ink" x="42" y="27" font-size="18" font-weight="600" ${FONT}>${escapeXml(look.name)}</text>
</svg>`;
}

/** Display width of a character: CJK and full-width forms count double. */
function charWidth(c: string): number {
  return /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(
    c,
  )
    ? 2
    : 1;
}

const widthOf = (text: string) => [...text].reduce((sum, c) => sum + charWidth(c), 0);

/**
 * Splits a title into lines of at most `width` (CJK characters count double). Lines break at spaces (a
 * no-break space keeps "0,2 %" together); a word wider than a line (CJK text has no spaces) breaks between
 * characters.
 */
export function wrap(title: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of title.trim().split(/[ \t\n]+/)) {
    const line = lines[lines.length - 1];
    if (line !== undefined && widthOf(line) + widthOf(word) + 1 <= width) {
      lines[lines.length - 1] = `${line} ${word}`;
      continue;
    }
    let rest = '';
    for (const c of word) {
      if (rest !== '' && widthOf(rest) + charWidth(c) > width) {
        lines.push(rest);
        rest = '';
      }
      rest += c;
    }
    lines.push(rest);
  }
  return lines;
}

/** A 750×300 promotional banner: page-theme background and ink, brand colours, a candle chart and the title. */
export function renderBanner(look: Look, n: number, title: string): string {
  const up = colour(look.colors.up, '#2962ff');
  const down = colour(look.colors.down, '#e53935');
  // Three lines of 22 at 30 px, else smaller type with longer lines (long translations).
  let wrapped = wrap(title, 22);
  let size = wrapped.length > 2 ? 26 : 30;
  if (wrapped.length > 3) {
    wrapped = wrap(title, 27);
    size = 22;
  }
  wrapped = wrapped.slice(0, 3);
  const lines = wrapped
    .map(
      (line, i) => `<tspan x="40" dy="${i === 0 ? 0 : Math.round(size * 1.25)}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  // Ids are per brand and banner: inline SVGs on one page share one id namespace.
  const gradient = `tk-bg-${look.id.replace(/[^a-z0-9-]/gi, '')}-${n}`;
  const style = schemeStyle((theme) => {
    const p = PALETTE[theme];
    // The brand name in the up colour, made readable on this theme's background.
    const mark = readableAgainst(up, p.backdrop);
    return `.from{stop-color:${p.from}}.to{stop-color:${p.to}}.ink{fill:${p.ink}}.mark{fill:${mark}}`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300" role="img" aria-label="${escapeXml(title)}">
${style}
<defs><linearGradient id="${gradient}" x1="0" y1="0" x2="1" y2="1"><stop class="from" offset="0"/><stop class="to" offset="1"/></linearGradient></defs>
<rect width="750" height="300" fill="url(#${gradient})"/>
<circle cx="690" cy="40" r="120" fill="${up}" opacity="0.12"/>
<g opacity="0.9">${candles(look, n, up, down)}</g>
<rect x="40" y="48" width="56" height="6" rx="3" fill="${up}"/>
<text class="ink" x="40" y="${wrapped.length > 2 ? 112 : 128}" font-size="${size}" font-weight="700" ${FONT}>${lines}</text>
<text class="mark" x="40" y="250" font-size="18" font-weight="600" ${FONT}>${escapeXml(look.name)}</text>
</svg>`;
}
