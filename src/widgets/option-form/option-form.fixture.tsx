/**
 * Test support of <tk-option-form>: the shared trade-form server (_shared/trade-form.fixture.tsx) with the
 * option product and the option calls, and the widget rendered on it.
 */
import type { OptionOrder, OptionProduct } from '../../core/contract/options';
import { parseTimeRatePayload } from '../../core/domain/option-payload';
import { btcQuote, createTradeServer, renderTradeForm } from '../_shared/trade-form.fixture';
import type { TradeFormOptions, TradeFormView, TradeServer } from '../_shared/trade-form.fixture';
import { OptionForm } from './option-form';
import type { OptionFormProps } from './option-form';

export { btcQuote };

/** The BTCUSDT option product: 30 s at 85 % (10 to 5000), 60 s at 90 % without maximum; fee 0.2 %. */
export function btcOptionProduct(overrides: Partial<OptionProduct> = {}): OptionProduct {
  const timeRatePayload = {
    '30': '30|85^10|50|100^5000|10^30 s',
    '60': '60|90^20|200^0|20',
  };
  const parsed = parseTimeRatePayload(timeRatePayload);
  if (!parsed.ok) throw new Error(parsed.error);
  return {
    id: 7,
    productCode: 'BTCUSDT',
    productName: 'Bitcoin',
    feeRate: '0.002',
    tradeStatus: 1,
    timeRatePayload,
    deliveryTimes: parsed.value,
    ...overrides,
  };
}

/** What addOrderOption answers: accepted now, at the server's bid, for `timeLong` seconds. */
function placed(body: Record<string, unknown>, uid: string) {
  const beginTime = Date.now();
  return { uid, beginTime, endTime: beginTime + Number(body.timeLong) * 1000, price: '98500.00' };
}

/** A settled option as `findOption` answers it. */
export function settledOption(overrides: Partial<OptionOrder> = {}): OptionOrder {
  return {
    id: '1',
    uid: 'OP202611250001',
    optionsProductId: 7,
    orderType: 0,
    tradePair: 'BTCUSDT',
    productName: 'Bitcoin',
    price: '98500.00',
    priceEnd: '98620.50',
    rate: '0.85',
    feeAmount: '0.20',
    amount: '100.00',
    timeLong: 30,
    beginTime: 1_764_000_000_000,
    endTime: 1_764_000_030_000,
    completeTime: 1_764_000_030_200,
    winLost: '85.00',
    positionStatus: 1,
    ...overrides,
  };
}

/** Options of renderOptionForm. */
export type OptionFormOptions = TradeFormOptions<OptionProduct>;
/** A platform and session on a scripted server, with the live-price feed under the test's control. */
export type OptionServer = TradeServer;
/** A rendered form with its scripted server. */
export type OptionFormView = TradeFormView;

/** Build the scripted server, platform and session (signed in to the real account by default). */
export async function createOptionServer(options: OptionFormOptions = {}): Promise<OptionServer> {
  const product = options.product ?? btcOptionProduct();
  return createTradeServer(options, {
    'wa-na/option/findOptionsProduct': () => ({
      code: 0,
      data: { optionsProducts: [product], total: 1, pages: 1 },
    }),
    'exchange/order/addOrderOption': (body) => ({ code: 0, data: placed(body, 'OP202611250001') }),
    'exchange/order/addOrderOptionMock': (body) => ({ code: 0, data: placed(body, 'OM202611250001') }),
  });
}

/** Render `<OptionForm {...props}>` on a fresh server; the BTCUSDT quote arrives unless `quote` is null. */
export async function renderOptionForm(
  props: OptionFormProps,
  options: OptionFormOptions = {},
): Promise<OptionFormView> {
  return renderTradeForm(await createOptionServer(options), <OptionForm {...props} />, options.quote);
}
