/** Instrument logos drawn by the server: a coloured disc with the ticker's letters (no external assets). */
import type { Instrument } from './instruments';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Black or white, whichever reads better on the background colour (relative luminance). */
function textColor(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 150 ? '#111111' : '#ffffff';
}

/** The letters shown: base and quote currency for forex, the coin for cryptos, else the ticker. */
export function logoLines(instrument: Pick<Instrument, 'productCode' | 'type'>): string[] {
  const code = instrument.productCode;
  if (instrument.type === 3 && code.length === 6) return [code.slice(0, 3), code.slice(3)];
  if (instrument.type === 1) return [code.replace(/(USDT|USDC|USD)$/, '') || code];
  return [code];
}

/** A 64×64 SVG document for the instrument. */
export function logoSvg(instrument: Pick<Instrument, 'productCode' | 'type' | 'logoColor'>): string {
  const lines = logoLines(instrument);
  const fg = textColor(instrument.logoColor);
  const longest = Math.max(...lines.map((l) => l.length));
  const size = Math.min(22, Math.floor(96 / Math.max(longest, 3)));
  const baseline = lines.length === 1 ? [32 + size * 0.35] : [30, 30 + size + 2];
  const texts = lines
    .map((line, i) => {
      const y = (baseline[i] ?? 32).toFixed(1);
      const weight = i === 0 ? 700 : 500;
      return `<text x="32" y="${y}" font-size="${i === 0 ? size : size - 4}" font-weight="${weight}">${escapeXml(line)}</text>`;
    })
    .join('');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img">' +
    `<title>${escapeXml(instrument.productCode)}</title>` +
    `<circle cx="32" cy="32" r="32" fill="${instrument.logoColor}"/>` +
    `<g fill="${fg}" font-family="Helvetica, Arial, sans-serif" text-anchor="middle">${texts}</g></svg>`
  );
}
