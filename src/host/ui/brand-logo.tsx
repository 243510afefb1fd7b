/** The brand logo, straight on the page surface: the generated logo follows the page's light or dark scheme. */
import type { BrandSettings } from '../../core/contract';
import './brand-logo.css';

/**
 * Logo image (`alt` names the brand unless decorative). An SVG logo shown by `<img>` takes the page's
 * `color-scheme` (set with the theme), so a logo that styles its ink by `prefers-color-scheme` stays readable
 * in both themes without a plate.
 */
export function BrandLogo({ brand, decorative = false }: { brand: BrandSettings; decorative?: boolean }) {
  if (!brand.logoUrl) return null;
  return (
    <span className="host-logo">
      <img className="host-logo__img" src={brand.logoUrl} alt={decorative ? '' : brand.name} />
    </span>
  );
}
