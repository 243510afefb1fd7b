/** HTTP routes of the market module: product list, logos, mini chart and status (candles: history-routes.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import {
  marketStatus as marketStatusEndpoint,
  productList,
  productLogo,
  thumb,
} from '../../../src/core/contract/market';
import { BusinessError, ok } from '../http/envelope';
import { resourceRoute, route } from '../http/route';
import { listProducts, type MarketDb } from './instrument-repo';
import type { Instrument } from './instruments';
import { PERIOD_MS, type Klines } from './klines';
import { logoSvg } from './logo';
import { marketStatus } from './status';

/** What the market routes read. */
export interface RouteDeps {
  db: MarketDb;
  instruments: readonly Instrument[];
  klines: Klines;
  now: () => number;
}

/** Mini chart span (spec §9: 1-minute open prices of the last 30 minutes). */
const THUMB_POINTS = 30;

/** Symbols are matched case-insensitively; an unknown one is 604 "trading pair does not exist". */
export function instrumentFinder(instruments: readonly Instrument[]): (symbol: string) => Instrument {
  const bySymbol = new Map(instruments.map((i) => [i.productCode, i]));
  return (symbol) => {
    const instrument = bySymbol.get(symbol.trim().toUpperCase());
    if (!instrument) throw new BusinessError(Code.PAIR_NOT_FOUND);
    return instrument;
  };
}

/**
 * The categories the request's brand offers (its trade list), or undefined (all) where no brand module runs:
 * the market module can serve alone, and the brand module registers after it.
 */
export function offeredCategories(
  app: FastifyInstance,
  request: FastifyRequest,
): readonly number[] | undefined {
  return app.hasDecorator('brand') ? app.brand.of(request).settings.tradeList : undefined;
}

/** The categories a signed-in user's brand offers (the user's own brand, not the one a header names). */
export function brandCategories(app: FastifyInstance, brandId: string): readonly number[] | undefined {
  return app.hasDecorator('brand') ? (app.brand.get(brandId)?.settings.tradeList ?? []) : undefined;
}

/** Register every market route on `app`. */
export function marketRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const bySymbol = new Map(deps.instruments.map((i) => [i.productCode, i]));
  const find = instrumentFinder(deps.instruments);

  route(app, productList, async (input, { request }) =>
    ok(
      await listProducts(deps.db, {
        type: input.type,
        keyword: input.keyword,
        offered: offeredCategories(app, request),
        language: input.locale,
      }),
    ),
  );

  route(app, thumb, async (input) => {
    const { productCode: symbol } = find(input.symbol);
    const candles = await deps.klines.recent(symbol, '1min', THUMB_POINTS);
    // The 30 minutes ending at the latest candle: a closed market shows the end of its last session.
    const last = candles.at(-1)?.time ?? 0;
    const points = candles
      .filter((c) => c.time > last - THUMB_POINTS * PERIOD_MS['1min'])
      .map((c) => ({ time: c.time, price: c.openPrice }));
    return ok({ symbol, points });
  });

  route(app, marketStatusEndpoint, async (input) =>
    ok(marketStatus(find(input.symbol).sessions, deps.now())),
  );

  resourceRoute(app, productLogo, async (input, _request, reply) => {
    const match = /^(.+)\.svg$/.exec(input.file);
    const instrument = match && bySymbol.get(match[1] ?? '');
    if (!instrument) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    // Widgets on partner pages show it by <img> (a no-cors load): the default resource policy is same-origin.
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(logoSvg(instrument));
  });
}
