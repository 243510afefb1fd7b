import type { RuntimeConfig } from '../../../src/core/contract/types';
import { readablePair } from '../../../src/core/domain/contrast';
import { absoluteUrl, toWsOrigin } from '../http/origin';
import type { BrandRecord } from './store';

/** Version of the product shown to users and checked by the client at start-up (spec §1). */
export const APP_VERSION = '1.152';

/**
 * A generated image's URL with the time of the brand's last edit (BE6): the images are cached for an hour, and a
 * saved colour or banner title must show on the next load, not an hour later. Unedited brands keep plain URLs.
 */
export function versioned(url: string, editedAt: number | null): string {
  if (editedAt === null || !url.startsWith('/brand-assets/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}v=${editedAt}`;
}

/** A brand's revision (BE10): the time of its last edit in ms, 0 for a brand never edited. */
export const brandRevision = (brand: BrandRecord) => brand.editedAt ?? 0;

/**
 * The runtime config file of a brand, with every URL absolute on `origin`. `marketWs` replaces our `/market-ws`
 * in RabbitMQ mode (RQ1): an absolute ws(s) URL as it is, a path on the origin's ws form.
 */
export function buildRuntimeConfig(brand: BrandRecord, origin: string, marketWs?: string): RuntimeConfig {
  const ws = toWsOrigin(origin);
  return {
    siteTitle: brand.siteTitle,
    siteTitles: brand.siteTitles,
    version: APP_VERSION,
    brand: {
      ...brand.settings,
      logoUrl: absoluteUrl(versioned(brand.settings.logoUrl, brand.editedAt), origin),
      readableColors: {
        light: readablePair(brand.settings.colors, 'light'),
        dark: readablePair(brand.settings.colors, 'dark'),
      },
      revision: brandRevision(brand),
    },
    support: { ...brand.support, url: absoluteUrl(brand.support.url, origin) },
    services: {
      api: `${origin}/v1`,
      market: `${origin}/market`,
      marketWs: !marketWs ? `${ws}/market-ws` : marketWs.startsWith('/') ? `${ws}${marketWs}` : marketWs,
      exchange: `${origin}/exchange`,
      exchangeWs: `${ws}/exchange-ws`,
    },
    fetchTimeout: 0,
  };
}

/** The service link value with its root-relative URLs made absolute; a value that does not parse is kept. */
export function absoluteCustomerLink(value: string, origin: string): string {
  const bar = value.indexOf('|');
  if (bar < 0) return value;
  try {
    const list = JSON.parse(value.slice(bar + 1)) as Array<{ name: string; url: string }>;
    const resolved = list.map((entry) => ({ ...entry, url: absoluteUrl(entry.url, origin) }));
    return `${value.slice(0, bar)}|${JSON.stringify(resolved)}`;
  } catch {
    return value;
  }
}
