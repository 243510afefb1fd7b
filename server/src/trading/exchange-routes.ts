/**
 * The exchange service's order endpoints (`contract/trading.ts`): place, close, cancel and edit orders. Plain paths act on the
 * real account, `…Mock` paths on the demo account. route() authenticates (the Authorization header or, as
 * older clients send it, the body's `token`) and refuses a token of the other account mode with 501.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addOrder,
  breakEven,
  cancelOrder,
  closeOrder,
  closePart,
  trailingStop,
  updateOrder,
} from '../../../src/core/contract/trading';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { cancelByUser } from './cancel';
import { closeByUser } from './close';
import type { Engine, Trader } from './engine';
import { brandCategories } from '../market';
import { cappedMultiple } from '../../../src/core/domain/leverage-caps';
import { protectionOf } from './settings';
import { assertRule, placeOrder } from './place';
import { categoryRule } from './rules';
import { updateByUser } from './update';
import { breakEvenByUser } from './break-even';
import { closePartByUser } from './partial-close';
import { setTrailingByUser } from './trailing';
import { toMarketOrder } from './valuation';

/** The trader of an authenticated request. */
export function traderOf(request: FastifyRequest): Trader {
  const { userId, uid, virtual, brandId } = request.auth;
  return { userId, uid, virtual, brandId };
}

/** Registers the four order calls, the order tools (OT1–OT12) and their Mock variants. */
export function exchangeRoutes(app: FastifyInstance, engine: Engine): void {
  route(app, addOrder, async (input, { request, answer }) => {
    const product = engine.product(input.tradePair.trim().toUpperCase());
    if (product) assertRule(categoryRule(product.type, brandCategories(app, request.auth.brandId)));
    // No multiple sent: the highest the trader's brand allows (the retail cap when it is lower, PR4).
    const settings = engine.settings(request.auth.brandId);
    const multiple = input.multiple ?? (product ? cappedMultiple(product, protectionOf(settings)) : 1);
    const order = await placeOrder(
      engine,
      traderOf(request),
      {
        ...input,
        price: input.price ?? '0',
        stopPrice: input.stopPrice ?? '',
        takeProfitPprice: input.takeProfitPprice ?? '',
        multiple,
      },
      // With an Idempotency-Key the answer is stored in the order's transaction (IK6).
      answer.keyed ? (tx, placed) => answer.record(tx, ok(placed.uid)) : undefined,
    );
    return ok(order.uid);
  });
  route(app, closeOrder, async (input, { request }) =>
    ok(toMarketOrder(engine, await closeByUser(engine, traderOf(request), input.orderId))),
  );
  route(app, cancelOrder, async (input, { request }) =>
    ok(toMarketOrder(engine, await cancelByUser(engine, traderOf(request), input.orderId))),
  );
  route(app, updateOrder, async (input, { request }) =>
    ok(toMarketOrder(engine, await updateByUser(engine, traderOf(request), input))),
  );
  route(app, closePart, async (input, { request }) => {
    const { part } = await closePartByUser(engine, traderOf(request), input.orderId, input.quantity);
    return ok(toMarketOrder(engine, part));
  });
  route(app, trailingStop, async (input, { request }) =>
    ok(
      toMarketOrder(
        engine,
        await setTrailingByUser(engine, traderOf(request), input.orderId, input.distance),
      ),
    ),
  );
  route(app, breakEven, async (input, { request }) =>
    ok(toMarketOrder(engine, await breakEvenByUser(engine, traderOf(request), input.orderId))),
  );
}
