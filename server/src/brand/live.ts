/**
 * A brand edit reaching the pages already open (BE10): the market socket's `/topic/brand.<id>` carries the brand's
 * revision (`brand.revision` of `/config.json`, the time of its last edit). A subscriber gets the current one at
 * once, so a page whose socket was away during an edit still learns of it when it comes back; each edit sends the
 * new one to every subscriber. The page then loads `/config.json` again (src/core/runtime/brand-live.ts).
 */
import type { FastifyInstance } from 'fastify';
import { BRAND_TOPIC_PREFIX, brandTopic } from '../../../src/core/contract/paths';
import { brandRevision } from './runtime-config';
import type { BrandRecord } from './store';

/** The body of a brand's topic. */
const revisionBody = (brand: BrandRecord) => JSON.stringify({ revision: brandRevision(brand) });

/**
 * Registers the topic's snapshot on the app's broker (none in a server built without one) and returns what
 * announces an edit of brand `id`, to be called once the edit is committed and the brand service reloaded.
 */
export function brandAnnouncer(app: FastifyInstance): (id: string) => void {
  if (!app.hasDecorator('broker')) return () => undefined;
  const broker = app.broker;
  broker.setSnapshot(`${BRAND_TOPIC_PREFIX}*`, (destination) => {
    const brand = app.brand.get(destination.slice(BRAND_TOPIC_PREFIX.length));
    return brand && revisionBody(brand);
  });
  return (id) => {
    const brand = app.brand.get(id);
    if (brand) broker.publish(brandTopic(id), revisionBody(brand));
  };
}

/** The bus channel of a brand edit committed in another process of the database. */
export const BRAND_CHANGED = 'brand:changed';

/**
 * Several processes on one database (MP14): the brands are kept in memory in each, so an edit committed in
 * another process reloads them here and tells the pages on this process's market socket; a bus back from a cut
 * reloads them all (an edit of the gap was missed) and tells of each brand whose revision moved.
 */
export function followBrandChanges(app: FastifyInstance, announce: (id: string) => void): void {
  const { bus } = app.cluster;
  if (!bus.shared) return;
  const failed = (error: unknown) => app.log.error({ err: error }, 'brand reload failed');
  const stop = [
    bus.subscribe(BRAND_CHANGED, (body) => {
      const id = (body as { id?: unknown } | null)?.id;
      if (typeof id !== 'string') return;
      app.brand.reload().then(() => announce(id), failed);
    }),
    bus.onResume(() => {
      const before = new Map(app.brand.list().map((brand) => [brand.id, brandRevision(brand)]));
      app.brand.reload().then(() => {
        for (const brand of app.brand.list()) {
          if (before.get(brand.id) !== brandRevision(brand)) announce(brand.id);
        }
      }, failed);
    }),
  ];
  app.addHook('onClose', async () => {
    for (const unsubscribe of stop) unsubscribe();
  });
}
