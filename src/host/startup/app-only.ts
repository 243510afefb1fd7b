/** 'Only trust app' (spec §1; decision BA1): which browsers may use the site of a brand that trusts its app alone. */
import type { BrandSettings } from '../../core/contract';

/** The page of its own that an untrusted browser is sent to. */
export const APP_ONLY_PATH = '/app-only';

/**
 * Whether a browser may use the site: always when the brand trusts every browser, else only when its user
 * agent carries the brand's app token (compared without case, as user agents are written in any case).
 */
export function isTrustedBrowser(brand: Pick<BrandSettings, 'trustedApp'>, userAgent: string): boolean {
  const token = brand.trustedApp?.userAgent.trim().toLowerCase();
  return !token || userAgent.toLowerCase().includes(token);
}

/** Where the app is got: only an http(s) address is followed (the config is the brand's, not the visitor's). */
export function appDownloadUrl(brand: Pick<BrandSettings, 'trustedApp'>): string | null {
  const url = brand.trustedApp?.url;
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
