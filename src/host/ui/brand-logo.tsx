/** The brand logo on a plate of the brand's own theme, so a word mark drawn for it stays readable. */
import type { BrandSettings } from '../../core/contract';
import './brand-logo.css';

/**
 * Logo image (`alt` names the brand unless decorative). The plate has the surface of the brand's own theme:
 * invisible while the page shows that theme, a contrast plate after the visitor switched theme.
 */
export function BrandLogo({ brand, decorative = false }: { brand: BrandSettings; decorative?: boolean }) {
  if (!brand.logoUrl) return null;
  return (
    <span className="host-logo" data-brand-theme={brand.theme}>
      <img className="host-logo__img" src={brand.logoUrl} alt={decorative ? '' : brand.name} />
    </span>
  );
}
