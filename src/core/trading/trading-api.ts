/**
 * The trading calls of spec §7 for one page: real accounts use the plain calls, demo accounts the Mock
 * variants (spec §6). Every call answers a `CallResult`, never throws for a server or network failure.
 */
import {
  addOrder,
  cancelOrder,
  closeOrder,
  orderQuery,
  productOrderInfo,
  updateOrder,
  type AddOrderRequest,
  type MarketOrder,
  type OrderQueryRequest,
  type OrderQueryResponse,
  type ProductOrderInfo,
  type UpdateOrderRequest,
} from '../contract/trading';
import type { CallOptions, CallResult, Platform } from '../runtime/types';

/** What order widgets call; `virtual` picks the demo (Mock) variant. */
export interface TradingApi {
  productInfo(symbol: string, options?: CallOptions): Promise<CallResult<ProductOrderInfo>>;
  /** Answers the new order's number. */
  addOrder(order: AddOrderRequest, virtual: boolean, options?: CallOptions): Promise<CallResult<string>>;
  closeOrder(orderId: string, virtual: boolean, options?: CallOptions): Promise<CallResult<MarketOrder>>;
  cancelOrder(orderId: string, virtual: boolean, options?: CallOptions): Promise<CallResult<MarketOrder>>;
  updateOrder(
    change: UpdateOrderRequest,
    virtual: boolean,
    options?: CallOptions,
  ): Promise<CallResult<MarketOrder>>;
  queryOrders(
    query: OrderQueryRequest,
    virtual: boolean,
    options?: CallOptions,
  ): Promise<CallResult<OrderQueryResponse>>;
}

/** The trading API over the page platform's client. */
export function createTradingApi(platform: Pick<Platform, 'api'>): TradingApi {
  const { api } = platform;
  const demo = (virtual: boolean, options?: CallOptions): CallOptions => ({ ...options, mock: virtual });
  return {
    productInfo: (symbol, options) => api.call(productOrderInfo, { productCode: symbol }, options),
    addOrder: (order, virtual, options) => api.call(addOrder, { ...order }, demo(virtual, options)),
    closeOrder: (orderId, virtual, options) => api.call(closeOrder, { orderId }, demo(virtual, options)),
    cancelOrder: (orderId, virtual, options) => api.call(cancelOrder, { orderId }, demo(virtual, options)),
    updateOrder: (change, virtual, options) => api.call(updateOrder, { ...change }, demo(virtual, options)),
    queryOrders: (query, virtual, options) => api.call(orderQuery, { ...query }, demo(virtual, options)),
  };
}
