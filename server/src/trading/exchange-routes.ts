/**
 * The exchange service (`/exchange/order/*`): place, close, cancel and edit orders. Plain paths act on the
 * real account, `…Mock` paths on the demo account; a token of the other mode gets 501. The token comes in
 * the Authorization header or, as older clients send it, in the body's `token`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ExchangePath,
  type AddOrderRequest,
  type OrderIdRequest,
  type UpdateOrderRequest,
} from '../../../src/core/contract/trading';
import { bearerToken, NOT_LOGGED_IN } from '../auth/authenticate';
import { BusinessError, ok } from '../http/envelope';
import { apiRoute } from '../http/legacy-route';
import { cancelByUser } from './cancel';
import { closeByUser } from './close';
import type { Engine, Trader } from './engine';
import { placeOrder } from './place';
import { TradeCode } from './rules';
import { ADD_ORDER_INPUT, ORDER_ID_INPUT, UPDATE_ORDER_INPUT } from './schemas';
import { updateByUser } from './update';
import { toMarketOrder } from './valuation';

/** A preHandler that authenticates by header or body token and requires the account mode of the path. */
export function tradingAuth(app: FastifyInstance, virtual: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body as { token?: unknown } | undefined;
    const token = bearerToken(request) ?? (typeof body?.token === 'string' ? body.token : undefined);
    const result = await app.auth.checkToken(token);
    if (!result.ok) {
      if (result.code === 401) return reply.code(401).send(NOT_LOGGED_IN);
      throw new BusinessError(result.code);
    }
    request.auth = result.auth;
    if (result.auth.virtual !== virtual) throw new BusinessError(TradeCode.parameter);
  };
}

/** The trader of an authenticated request. */
export function traderOf(request: FastifyRequest): Trader {
  const { userId, uid, virtual, brandId } = request.auth;
  return { userId, uid, virtual, brandId };
}

/** Registers the eight order routes. */
export function exchangeRoutes(app: FastifyInstance, engine: Engine): void {
  for (const virtual of [false, true]) {
    const path = (real: string, mock: string) => `/exchange/${virtual ? mock : real}`;
    const preHandler = tradingAuth(app, virtual);
    apiRoute<AddOrderRequest, string>(app, {
      url: path(ExchangePath.addOrder, ExchangePath.addOrderMock),
      summary: `Place a market or pending order on the ${virtual ? 'demo' : 'real'} account; data: order number`,
      input: ADD_ORDER_INPUT,
      data: { type: 'string' },
      preHandler,
      handler: async (input, request) => {
        const multiple =
          input.multiple ?? engine.product(input.tradePair.trim().toUpperCase())?.multiple ?? 1;
        const order = await placeOrder(engine, traderOf(request), { ...input, multiple });
        return ok(order.uid);
      },
    });
    apiRoute<OrderIdRequest>(app, {
      url: path(ExchangePath.closeOrder, ExchangePath.closeOrderMock),
      summary: 'Close an open position (3 minutes after its execution at the earliest)',
      input: ORDER_ID_INPUT,
      preHandler,
      handler: async (input, request) =>
        ok(toMarketOrder(engine, await closeByUser(engine, traderOf(request), input.orderId))),
    });
    apiRoute<OrderIdRequest>(app, {
      url: path(ExchangePath.cancelOrder, ExchangePath.cancelOrderMock),
      summary: 'Cancel a pending order',
      input: ORDER_ID_INPUT,
      preHandler,
      handler: async (input, request) =>
        ok(toMarketOrder(engine, await cancelByUser(engine, traderOf(request), input.orderId))),
    });
    apiRoute<UpdateOrderRequest>(app, {
      url: path(ExchangePath.updateOrder, ExchangePath.updateOrderMock),
      summary: 'Change the stop loss and take profit of a pending order or an open position',
      input: UPDATE_ORDER_INPUT,
      preHandler,
      handler: async (input, request) =>
        ok(toMarketOrder(engine, await updateByUser(engine, traderOf(request), input))),
    });
  }
}
