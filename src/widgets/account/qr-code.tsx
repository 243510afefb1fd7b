import { create } from 'qrcode';
import { useMemo } from 'react';

/** The dark modules of a QR code as one SVG path (one unit per module, the standard 4-module quiet zone). */
export function qrPath(text: string, margin = 4): { path: string; size: number } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) parts.push(`M${col + margin} ${row + margin}h1v1h-1z`);
    }
  }
  return { path: parts.join(''), size: modules.size + margin * 2 };
}

/**
 * A QR code drawn as SVG from the `qrcode` package's module matrix: crisp at any size, no canvas and no
 * innerHTML. Always dark on white, whatever the theme, so every authenticator app can scan it.
 */
export function QrCode({ text, label, size = 184 }: { text: string; label: string; size?: number }) {
  const qr = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      className="tk-account__qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      part="qr"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
