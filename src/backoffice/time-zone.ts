/**
 * The zone the back office shows every time in (issue #26 item 8): the brand's zone from this site's
 * `/config.json` — the same file and field the trader's pages read, so an operator and a trader see one moment
 * as one text. A brand that shows device time, a zone no browser knows, or a file that cannot be read gives
 * UTC: the operator's own device zone would match nobody's screen.
 */
import { useEffect, useState } from 'react';
import { knownZone } from '../core/domain/format';

/** The zone of a `/config.json` body, or UTC. */
export function zoneOfConfig(body: unknown): string {
  const zone = (body as { brand?: { timezone?: unknown } } | null)?.brand?.timezone;
  return (typeof zone === 'string' && knownZone(zone)) || 'UTC';
}

/** Reads the brand's zone (`?brand=` of the back office's address picks another brand, as on the site). */
export async function loadTimeZone(fetchImpl: typeof fetch, search: string): Promise<string> {
  const brand = new URLSearchParams(search).get('brand');
  const query = brand ? `?brand=${encodeURIComponent(brand)}` : '';
  try {
    const response = await fetchImpl(`/config.json${query}`, { headers: { accept: 'application/json' } });
    return response.ok ? zoneOfConfig(await response.json()) : 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The back office's zone: null while `/config.json` is read. */
export function useTimeZone(fetchImpl: typeof fetch | undefined): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadTimeZone(fetchImpl ?? globalThis.fetch, window.location.search).then((found) => {
      if (live) setZone(found);
    });
    return () => {
      live = false;
    };
  }, [fetchImpl]);
  return zone;
}
