/**
 * The trading calls of spec §7 for one page: real accounts use the plain calls, demo accounts the Mock
 * variants (spec §6). Every call answers a `CallResult`, never throws for a server or network failure.
 */
import {
  ExchangePath,
  PROTECTED_PREFIX,
  TradingApiPath,
  type AddOrderRequest,
  type OrderQueryRequest,
  type OrderQueryResponse,
  type ProductOrderInfo,
  type UpdateOrderRequest,
} from '../contract';
import type { CallOptions, CallResult, Platform } from '../runtime/types';

/** What order widgets call; `virtual` picks the demo (Mock) variant. */
export interface TradingApi {
  productInfo(symbol: string, options?: CallOptions): Promise<CallResult<ProductOrderInfo>>;
  /** Answers the new order's number. */
  addOrder(order: AddOrderRequest, virtual: boolean, options?: CallOptions): Promise<CallResult<string>>;
  closeOrder(orderId: string, virtual: boolean, options?: CallOptions): Promise<CallResult<unknown>>;
  cancelOrder(orderId: string, virtual: boolean, options?: CallOptions): Promise<CallResult<unknown>>;
  updateOrder(
    change: UpdateOrderRequest,
    virtual: boolean,
    options?: CallOptions,
  ): Promise<CallResult<unknown>>;
  queryOrders(
    query: OrderQueryRequest,
    virtual: boolean,
    options?: CallOptions,
  ): Promise<CallResult<OrderQueryResponse>>;
}

const web = (path: string) => `${PROTECTED_PREFIX.replace(/^\/+/, '')}${path}`;

/** The trading API over the page platform's client. */
export function createTradingApi(platform: Pick<Platform, 'api'>): TradingApi {
  const { api } = platform;
  const exchange = <T>(
    real: string,
    mock: string,
    virtual: boolean,
    payload: object,
    options?: CallOptions,
  ) => api.call<T>('exchange', virtual ? mock : real, { ...payload }, options);
  return {
    productInfo: (symbol, options) =>
      api.call<ProductOrderInfo>(
        'api',
        web(TradingApiPath.productOrderInfo),
        { productCode: symbol },
        options,
      ),
    addOrder: (order, virtual, options) =>
      exchange<string>(ExchangePath.addOrder, ExchangePath.addOrderMock, virtual, order, options),
    closeOrder: (orderId, virtual, options) =>
      exchange(ExchangePath.closeOrder, ExchangePath.closeOrderMock, virtual, { orderId }, options),
    cancelOrder: (orderId, virtual, options) =>
      exchange(ExchangePath.cancelOrder, ExchangePath.cancelOrderMock, virtual, { orderId }, options),
    updateOrder: (change, virtual, options) =>
      exchange(ExchangePath.updateOrder, ExchangePath.updateOrderMock, virtual, change, options),
    queryOrders: (query, virtual, options) =>
      api.call<OrderQueryResponse>(
        'api',
        web(virtual ? TradingApiPath.orderQueryMock : TradingApiPath.orderQuery),
        { ...query },
        options,
      ),
  };
}
