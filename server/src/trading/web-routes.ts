/** Protected web-API routes of trading (`/v1/waa/…`): product search, product order info, order queries. */
import type { FastifyInstance } from 'fastify';
import { API_VERSION_PREFIX, PROTECTED_PREFIX } from '../../../src/core/contract/paths';
import {
  TradingApiPath,
  type OrderQueryRequest,
  type OrderQueryResponse,
} from '../../../src/core/contract/trading';
import type { ProductInfo } from '../../../src/core/contract/types';
import { BusinessError, ok } from '../http/envelope';
import { apiRoute } from '../http/legacy-route';
import { listProducts } from '../market/instrument-repo';
import { instrumentFinder } from '../market/routes';
import { productInfoSchema } from '../market/schemas';
import type { Engine } from './engine';
import { queryOrders } from './query';
import { TradeCode } from './rules';
import { ORDER_QUERY_INPUT, PRODUCT_INFO_INPUT, PRODUCT_SEARCH_INPUT } from './schemas';

const WAA = `${API_VERSION_PREFIX}${PROTECTED_PREFIX}`;

/** Registers the routes on `app`, a scope that authenticates every request. */
export function webRoutes(app: FastifyInstance, engine: Engine): void {
  apiRoute<{ keyword?: string; type?: number }, ProductInfo[]>(app, {
    url: `${WAA}${TradingApiPath.productSearch}`,
    summary: 'Products whose code or name contains the keyword (one category or all), in list order',
    input: PRODUCT_SEARCH_INPUT,
    data: { type: 'array', items: productInfoSchema },
    handler: async (input) => ok(await listProducts(app.db, input.type, input.keyword)),
  });

  const find = instrumentFinder(app.market.instruments);
  apiRoute<{ productCode: string }, ProductInfo>(app, {
    url: `${WAA}${TradingApiPath.productOrderInfo}`,
    summary:
      'Order settings of one product (lots, leverage, pip, precision, hours, trade status, fee); 604 unknown',
    input: PRODUCT_INFO_INPUT,
    data: productInfoSchema,
    handler: async (input) => ok(find(input.productCode)),
  });

  for (const virtual of [false, true]) {
    apiRoute<OrderQueryRequest, OrderQueryResponse>(app, {
      url: `${WAA}${virtual ? TradingApiPath.orderQueryMock : TradingApiPath.orderQuery}`,
      summary: `A page of the ${virtual ? 'demo' : 'real'} account's orders with realised P&L and the summary`,
      input: ORDER_QUERY_INPUT,
      handler: async (input, request) => {
        if (request.auth.virtual !== virtual) throw new BusinessError(TradeCode.parameter);
        return ok(await queryOrders(engine, request.auth.userId, virtual, input));
      },
    });
  }
}
