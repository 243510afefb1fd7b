/** Test scaffolding of the option suites: the trading harness plus option helpers. */
import type { Envelope } from '../../../src/core/contract/envelope';
import {
  addOrderOption,
  findOptionsProduct,
  type AddOrderOptionRequest,
  type OptionOrder,
  type OptionProduct,
} from '../../../src/core/contract/options';
import type { AppOptions } from '../app';
import type { TestBackend, TestDatabase } from '../db/testing';
import { tradingHarness, urlOf, type TradingHarness } from '../trading/test-app';
import { OPTION_COLUMNS, toOptionOrder, type OptionRow } from './repo';

export interface OptionsHarness extends TradingHarness {
  /** The option product of a symbol. */
  product(symbol: string): Promise<OptionProduct>;
  /** Buys an option (defaults: BTCUSDT up, 60 s at 85 %, 100, price 100000.00). */
  buy(
    token: string,
    order?: Partial<AddOrderOptionRequest>,
    mock?: boolean,
  ): Promise<Envelope<{ uid: string; beginTime: number; endTime: number; price: string }>>;
  /** Settles what is due now (the harness's settler timer is off unless asked). */
  settle(): Promise<OptionRow[]>;
  /** The option as stored. */
  option(uid: string): Promise<OptionOrder>;
}

/** The trading harness with the option module; its settler timer runs only when `settleEveryMs` is given. */
export async function optionsHarness(
  backend: TestBackend,
  options: {
    reuse?: { database: TestDatabase; now: number };
    settleEveryMs?: number;
    cluster?: AppOptions['cluster'];
  } = {},
): Promise<OptionsHarness> {
  const base = await tradingHarness(backend, {}, options.reuse, {
    optionMode: { settleEveryMs: options.settleEveryMs ?? 3_600_000, recordEveryMs: 3_600_000 },
    ...(options.cluster ? { cluster: options.cluster } : {}),
  });
  const products = new Map<string, OptionProduct>();
  const harness: OptionsHarness = {
    ...base,
    async product(symbol) {
      const known = products.get(symbol);
      if (known) return known;
      const answer = await base.post<{ optionsProducts: OptionProduct[] }>(urlOf(findOptionsProduct), null, {
        productCode: symbol,
      });
      const product = answer.data.optionsProducts[0];
      if (!product) throw new Error(`no option product for ${symbol}`);
      products.set(symbol, product);
      return product;
    },
    async buy(token, order = {}, mock = false) {
      const product = await harness
        .product(order.tradePair ?? 'BTCUSDT')
        .catch(() => harness.product('BTCUSDT'));
      return base.post(urlOf(addOrderOption, {}, mock), token, {
        tradePair: 'BTCUSDT',
        optionsProductId: product.id,
        price: '100000.00',
        timeLong: 60,
        btime: Math.floor(base.clock.now() / 1000),
        rate: '0.85',
        amount: '100',
        orderType: 0,
        ...order,
      });
    },
    settle: () => base.app.optionMode.settler.settleDue(),
    async option(uid) {
      const { rows } = await base.app.db.query<OptionRow>(
        `select ${OPTION_COLUMNS} from option_orders where uid = $1`,
        [uid],
      );
      const row = rows[0];
      if (!row) throw new Error(`no option ${uid}`);
      return toOptionOrder(row);
    },
  };
  return harness;
}
