import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/types';
import { loadBrands, type BrandRecord } from './store';

/** `app.brand`: brand lookup by request, from an in-memory copy of the brands table. */
export interface BrandService {
  readonly defaultId: string;
  /**
   * The brand of a request: query `brand`, else header `x-tk-brand`, else the host name the request reached the
   * server on (BH1), else the default; unknown ids and host names fall back.
   */
  of(request: FastifyRequest): BrandRecord;
  get(id: string): BrandRecord | undefined;
  list(): BrandRecord[];
  /** Re-reads the brands table (after an admin change). */
  reload(): Promise<void>;
}

/** The brand id a request asks for, before any lookup (the raw query: route schemas may strip `brand`). */
export function requestedBrandId(request: FastifyRequest): string | undefined {
  const query = request.url.indexOf('?');
  const fromQuery = query < 0 ? null : new URLSearchParams(request.url.slice(query + 1)).get('brand');
  const header = request.headers['x-tk-brand'];
  const value = fromQuery || (Array.isArray(header) ? header[0] : header);
  return value ? value.trim().toLowerCase() : undefined;
}

/** The host name of a request (`Host`, or `X-Forwarded-Host` behind a trusted proxy), lower-case, without port. */
export function requestHostName(request: FastifyRequest): string {
  return request.host.replace(/:\d+$/, '').toLowerCase();
}

/**
 * Loads the brands and returns the service. `preferredDefault` (env BRAND) is used when it exists, else
 * `fallbackDefault`; `onUnknownDefault` reports a configured default that is not in the table.
 */
export async function createBrandService(
  db: Queryable,
  preferredDefault: string,
  fallbackDefault: string,
  onUnknownDefault: (id: string) => void,
): Promise<BrandService> {
  let byId = new Map<string, BrandRecord>();
  let byHost = new Map<string, BrandRecord>();
  let defaultId = fallbackDefault;
  const reload = async () => {
    const brands = await loadBrands(db);
    if (brands.length === 0) throw new Error('no brand in the brands table');
    byId = new Map(brands.map((brand) => [brand.id, brand]));
    byHost = new Map(brands.flatMap((brand) => brand.hosts.map((host) => [host, brand] as const)));
    if (byId.has(preferredDefault)) defaultId = preferredDefault;
    else {
      onUnknownDefault(preferredDefault);
      defaultId = byId.has(fallbackDefault) ? fallbackDefault : (brands[0] as BrandRecord).id;
    }
  };
  await reload();
  return {
    get defaultId() {
      return defaultId;
    },
    of(request) {
      const id = requestedBrandId(request);
      return (
        (id && byId.get(id)) || byHost.get(requestHostName(request)) || (byId.get(defaultId) as BrandRecord)
      );
    },
    get: (id) => byId.get(id),
    list: () => [...byId.values()],
    reload,
  };
}
