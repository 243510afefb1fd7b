/** HTTP routes of the market module: product list, logos, mini chart and status (candles: history-routes.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BusinessError, ok } from '../http/envelope';
import { apiRoute, objectSchema } from '../http/legacy-route';
import { listProducts, type MarketDb } from './instrument-repo';
import type { Instrument } from './instruments';
import { PERIOD_MS, type Klines } from './klines';
import { logoSvg } from './logo';
import { productInfoSchema, symbolParams, thumbSchema } from './schemas';
import { marketStatus, type MarketStatus } from './status';

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
    if (!instrument) throw new BusinessError(604);
    return instrument;
  };
}

type SymbolRequest = FastifyRequest<{ Params: { symbol: string } }>;
interface Thumb {
  symbol: string;
  points: Array<{ time: number; price: string }>;
}

/** Register every market route on `app`. */
export function marketRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const bySymbol = new Map(deps.instruments.map((i) => [i.productCode, i]));
  const find = instrumentFinder(deps.instruments);

  apiRoute<{ type?: number; keyword?: string }>(app, {
    url: '/v1/wa-na/forex/product/list',
    summary: 'Tradable products, by category then sort (invalid sort last); keyword: code or name contains',
    input: objectSchema({
      type: { type: 'integer', minimum: 1, maximum: 5 },
      keyword: { type: 'string', maxLength: 40 },
    }),
    data: { type: 'array', items: productInfoSchema },
    handler: async (input) => ok(await listProducts(deps.db, input.type, input.keyword)),
  });

  apiRoute<Record<string, never>, Thumb>(app, {
    url: '/market/thumb/:symbol',
    methods: ['POST', 'GET'],
    summary: 'Mini chart: 1-minute open prices of the last 30 minutes, oldest first',
    params: symbolParams,
    data: thumbSchema,
    handler: async (_input, request) => {
      const { productCode: symbol } = find((request as SymbolRequest).params.symbol);
      const candles = await deps.klines.recent(symbol, '1min', THUMB_POINTS);
      // The 30 minutes ending at the latest candle: a closed market shows the end of its last session.
      const last = candles.at(-1)?.time ?? 0;
      const points = candles
        .filter((c) => c.time > last - THUMB_POINTS * PERIOD_MS['1min'])
        .map((c) => ({ time: c.time, price: c.openPrice }));
      return ok({ symbol, points });
    },
  });

  apiRoute<Record<string, never>, MarketStatus>(app, {
    url: '/market/status/:symbol',
    methods: ['POST', 'GET'],
    summary: 'open, closed or early_trading (the 30 minutes before an opening)',
    params: symbolParams,
    data: { type: 'string', enum: ['open', 'closed', 'early_trading'] },
    handler: async (_input, request) =>
      ok(marketStatus(find((request as SymbolRequest).params.symbol).sessions, deps.now())),
  });

  app.get<{ Params: { file: string } }>('/market-assets/logo/:file', {
    schema: { params: { type: 'object', properties: { file: { type: 'string', maxLength: 40 } } } },
    handler: async (request, reply) => {
      const match = /^(.+)\.svg$/.exec(request.params.file);
      const instrument = match && bySymbol.get(match[1] ?? '');
      if (!instrument) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(logoSvg(instrument));
    },
  });
}
