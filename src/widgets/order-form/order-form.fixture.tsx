/**
 * Test support of <tk-order-form>: the shared trade-form server (_shared/trade-form.fixture.tsx) with the
 * market product and the order calls, and the widget rendered on it.
 */
import type { ProductInfo } from '../../core/contract/types';
import { btcQuote, createTradeServer, renderTradeForm } from '../_shared/trade-form.fixture';
import type { TradeFormOptions, TradeFormView, TradeServer } from '../_shared/trade-form.fixture';
import { OrderForm } from './order-form';
import type { OrderFormProps } from './order-form';

export { btcQuote };

/** A crypto product open around the clock, as `product/order/info` answers it. */
export function btcProduct(overrides: Partial<ProductInfo> = {}): ProductInfo {
  return {
    productCode: 'BTCUSDT',
    productName: 'Bitcoin',
    type: 1,
    sort: 1,
    maxCount: '50',
    minCount: '0.01',
    countNum: '0.01',
    multiple: 100,
    pip: '0.01',
    pricePrecision: 2,
    contractSize: '1',
    sessions: Array.from({ length: 7 }, () => ({ marketStartTime: '00:00', marketCloseTime: '24:00' })),
    tradeStatus: 1,
    logoUrl: '',
    feeType: 'PERCENTAGE',
    feeValue: '0.2',
    ...overrides,
  };
}

/** Options of renderOrderForm. */
export type OrderFormOptions = TradeFormOptions<ProductInfo>;
/** A platform and session on a scripted server, with the live-price feed under the test's control. */
export type OrderServer = TradeServer;
/** A rendered form with its scripted server. */
export type OrderFormView = TradeFormView;

/** Build the scripted server, platform and session (signed in to the real account by default). */
export async function createOrderServer(options: OrderFormOptions = {}): Promise<OrderServer> {
  const product = options.product ?? btcProduct();
  return createTradeServer(options, {
    'waa/product/order/info': () => ({ code: 0, data: product }),
    'wa-na/forex/product/list': () => ({ code: 0, data: [product] }),
    'exchange/order/addOrder': () => ({ code: 0, data: '202611220001' }),
    'exchange/order/addOrderMock': () => ({ code: 0, data: '902611220001' }),
  });
}

/** Render `<OrderForm {...props}>` on a fresh server; the BTCUSDT quote arrives unless `quote` is null. */
export async function renderOrderForm(
  props: OrderFormProps,
  options: OrderFormOptions = {},
): Promise<OrderFormView> {
  return renderTradeForm(await createOrderServer(options), <OrderForm {...props} />, options.quote);
}
