/** Protected web-API routes of trading (`contract/trading.ts`): product search, product order info, order queries. */
import type { FastifyInstance } from 'fastify';
import { orderQuery, productOrderInfo, productSearch } from '../../../src/core/contract/trading';
import { placementBlocks } from '../../../src/core/contract/placement';
import { Code } from '../../../src/core/contract/codes';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { listProducts } from '../market';
import { brandCategories, instrumentFinder } from '../market';
import { currentBlocks } from './blocking-rules';
import { cappedMultiple } from '../../../src/core/domain/leverage-caps';
import { protectionOf } from './settings';
import type { Engine } from './engine';
import { traderOf } from './exchange-routes';
import { queryOrders } from './query';

/** Registers the routes (route() applies the bearer guard and, for `order/queryMock`, the account mode). */
export function webRoutes(app: FastifyInstance, engine: Engine): void {
  route(app, productSearch, async (input, { request }) =>
    ok(
      await listProducts(app.db, {
        type: input.type,
        keyword: input.keyword,
        offered: brandCategories(app, request.auth.brandId),
        language: input.locale,
      }),
    ),
  );

  const find = instrumentFinder(app.market.instruments);
  // A product of a category the brand does not offer is shown as not tradable (addOrder answers 304). The
  // leverage is the highest the brand's retail protections allow (PR4), so the form never offers more.
  route(app, productOrderInfo, async (input, { request }) => {
    const found = find(input.productCode);
    const settings = engine.settings(request.auth.brandId);
    const product = { ...found, multiple: cappedMultiple(found, protectionOf(settings)) };
    const offered = brandCategories(app, request.auth.brandId);
    return ok(offered && !offered.includes(product.type) ? { ...product, tradeStatus: 0 as const } : product);
  });

  // Only the caller's own account, in the session's mode: the route takes no user.
  route(app, placementBlocks, async (input, { request }) => {
    const product = engine.product(input.tradePair.trim().toUpperCase());
    if (!product) throw new BusinessError(Code.PAIR_NOT_FOUND);
    const context = { trader: traderOf(request), kind: input.kind, product };
    return ok({ blocks: await currentBlocks(engine.db, engine, context) });
  });

  route(app, orderQuery, async (input, { request, mock }) =>
    ok(await queryOrders(engine, request.auth.userId, mock, input)),
  );
}
