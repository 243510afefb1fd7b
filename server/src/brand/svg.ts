import type { BrandSettings } from '../../../src/core/contract/types';

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

/** The brand mark: a rounded square in the "up" colour with the initial, then the name. */
export function renderLogo(look: Look): string {
  const up = colour(look.colors.up, '#2962ff');
  const ink = look.theme === 'dark' ? '#f5f7fa' : '#131722';
  const initial = escapeXml((look.name.trim()[0] ?? '?').toUpperCase());
  const width = 48 + look.name.length * 11;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="40" viewBox="0 0 ${width} 40" role="img" aria-label="${escapeXml(look.name)}">
<rect x="2" y="4" width="32" height="32" rx="8" fill="${up}"/>
<text x="18" y="27" text-anchor="middle" font-size="19" font-weight="700" fill="#fff" ${FONT}>${initial}</text>
<text x="42" y="27" font-size="18" font-weight="600" fill="${ink}" ${FONT}>${escapeXml(look.name)}</text>
</svg>`;
}

/** Splits a title into lines of at most `width` characters (a longer single word keeps its own line). */
function wrap(title: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of title.trim().split(/\s+/)) {
    const line = lines[lines.length - 1];
    if (line !== undefined && line.length + word.length + 1 <= width)
      lines[lines.length - 1] = `${line} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A 750×300 promotional banner: theme background, brand colours, a candle chart and the title. */
export function renderBanner(look: Look, n: number, title: string): string {
  const up = colour(look.colors.up, '#2962ff');
  const down = colour(look.colors.down, '#e53935');
  const dark = look.theme === 'dark';
  const [from, to, ink] = dark ? ['#0b1020', '#1c2541', '#f5f7fa'] : ['#eef3ff', '#ffffff', '#131722'];
  const wrapped = wrap(title, 22).slice(0, 3);
  const size = wrapped.length > 2 ? 26 : 30;
  const lines = wrapped
    .map(
      (line, i) => `<tspan x="40" dy="${i === 0 ? 0 : Math.round(size * 1.25)}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  // Ids are per brand and banner: inline SVGs on one page share one id namespace.
  const gradient = `tk-bg-${look.id.replace(/[^a-z0-9-]/gi, '')}-${n}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="${gradient}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="750" height="300" fill="url(#${gradient})"/>
<circle cx="690" cy="40" r="120" fill="${up}" opacity="0.12"/>
<g opacity="0.9">${candles(look, n, up, down)}</g>
<rect x="40" y="48" width="56" height="6" rx="3" fill="${up}"/>
<text x="40" y="${wrapped.length > 2 ? 112 : 128}" font-size="${size}" font-weight="700" fill="${ink}" ${FONT}>${lines}</text>
<text x="40" y="250" font-size="18" font-weight="600" fill="${up}" ${FONT}>${escapeXml(look.name)}</text>
</svg>`;
}
