/**
 * `order/addOrderOption`: the brand's modes, the pair and its option product, the delivery time and its
 * rate, the amount, the server's own quote as the entry price; then one transaction locks the account, writes
 * the option and moves its stake (to escrow) and fee (to the house) as ledger postings.
 */
import { brandOffersCategory } from '../../../src/core/contract/brand';
import { Code } from '../../../src/core/contract/codes';
import { OPTION_PRICE_TOLERANCE, type AddOrderOptionRequest } from '../../../src/core/contract/options';
import { compare, isDecimal, mul, sub, toFixed } from '../../../src/core/domain/decimal';
import { isMarketOpen } from '../../../src/core/domain/market-hours';
import { CENTS } from '../../../src/core/domain/money';
import { optionAmountError, optionFee } from '../../../src/core/domain/option-payload';
import { BusinessError } from '../http/envelope';
import type { BeforeCommit } from '../http/idempotency';
import { assertPlacementAllowed } from '../trading';
import type { Trader } from '../trading';
import { lockUserAccount, postMovements } from '../trading';
import { newOrderUid } from '../trading';
import type { OptionsContext } from './context';
import { deliveryTimesOf, findProduct, OPTION_COLUMNS, type OptionRow } from './repo';

/** Whether the brand offers option mode (on the demo account also its `OptionMock` switch); else 603. */
export function assertOptionMode(context: OptionsContext, brandId: string, virtual: boolean): void {
  const brand = context.brand(brandId);
  if (!brand || !brand.settings.tradeModes.includes('option'))
    throw new BusinessError(Code.OPTION_NOT_CONFIGURED);
  if (virtual && brand.systemConfigs.find((c) => c.name === 'OptionMock')?.enable !== true)
    throw new BusinessError(Code.OPTION_NOT_CONFIGURED);
}

/**
 * Places an option for the trader; answers the stored option. `beforeCommit` (a keyed request, IK6) stores the
 * answer with its key in the same transaction.
 */
export async function placeOption(
  context: OptionsContext,
  trader: Trader,
  request: AddOrderOptionRequest,
  beforeCommit?: BeforeCommit<OptionRow>,
): Promise<OptionRow> {
  assertOptionMode(context, trader.brandId, trader.virtual);
  const symbol = request.tradePair.trim().toUpperCase();
  const engine = context.engine;
  const instrument = engine.product(symbol);
  if (!instrument) throw new BusinessError(Code.PAIR_NOT_FOUND);
  const product = await findProduct(context.db, request.optionsProductId);
  if (!product || product.productCode !== symbol) {
    const { rows } = await context.db.query('select 1 from option_products where product_code = $1', [
      symbol,
    ]);
    throw new BusinessError(rows.length === 0 ? Code.OPTION_NOT_CONFIGURED : Code.OPTION_CONFIG_MISSING);
  }
  const now = context.now();
  const offered = context.brand(trader.brandId)?.settings.tradeList ?? [];
  if (
    !brandOffersCategory({ tradeList: offered }, instrument.type) ||
    Number(product.tradeStatus) !== 1 ||
    instrument.tradeStatus !== 1 ||
    !isMarketOpen(instrument.sessions, now)
  )
    throw new BusinessError(Code.PAIR_CANNOT_TRADE);
  const times = deliveryTimesOf(product.timeRatePayload);
  if (times.length === 0) throw new BusinessError(Code.OPTION_CONFIG_MISSING);
  const delivery = times.find((t) => t.time === request.timeLong);
  if (!delivery) throw new BusinessError(Code.OPTION_TIME_ERROR);
  // The rate the form showed must still be the delivery time's rate (an operator may have changed it).
  if (!isDecimal(request.rate) || compare(request.rate, delivery.rate) !== 0)
    throw new BusinessError(Code.OPTION_TIME_ERROR, 'the profit rate of this delivery time has changed');
  const amountError = optionAmountError(request.amount, delivery);
  if (amountError) throw new BusinessError(Code.ORDER_PARAMETER, amountError);
  const amount = toFixed(request.amount.trim(), CENTS);

  const quote = engine.quote(symbol);
  if (!quote) throw new BusinessError(Code.OPTION_PRICE_ERROR);
  const entry = quote.bid;
  // The client's price only proves it saw a live quote: more than 5 % away is a stale or forged form.
  const gap = sub(request.price, entry);
  const allowed = mul(entry, OPTION_PRICE_TOLERANCE);
  if (compare(gap.startsWith('-') ? gap.slice(1) : gap, allowed) > 0)
    throw new BusinessError(Code.OPTION_PRICE_ERROR);
  const fee = optionFee(amount, product.feeRate);

  return context.db.transaction(async (tx) => {
    const account = await lockUserAccount(tx, trader.userId, trader.virtual, engine.openDemo);
    // After the lock, each rule in a fresh statement: it sees a withdrawal committed while this one waited.
    await assertPlacementAllowed(tx, engine, { trader, kind: 'option', product: instrument });
    let row: OptionRow | undefined;
    while (!row) {
      const { rows } = await tx.query<OptionRow>(
        `insert into option_orders (uid, user_id, virtual, account_id, brand_id, options_product_id, trade_pair,
           product_name, order_type, price, rate, amount, fee_amount, time_long, begin_time, end_time)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
         on conflict (uid) do nothing returning ${OPTION_COLUMNS}`,
        [
          newOrderUid(now),
          trader.userId,
          trader.virtual,
          account.id,
          trader.brandId,
          product.id,
          symbol,
          instrument.productName,
          request.orderType,
          entry,
          delivery.rate,
          amount,
          fee,
          delivery.time,
          now,
          now + delivery.time * 1000,
        ],
      );
      row = rows[0];
    }
    const user = { accountId: account.id, bucket: 'balance' } as const;
    await postMovements(tx, 'option_place', row.uid, [
      {
        from: user,
        to: { accountId: context.house('stakes', trader.virtual, trader.userId), bucket: 'balance' },
        amount,
      },
      {
        from: user,
        to: { accountId: context.house('fees', trader.virtual, trader.userId), bucket: 'balance' },
        amount: fee,
      },
    ]);
    await tx.query(
      `insert into option_price_marks (symbol, at, price) values ($1, $2, $3) on conflict (symbol, at) do nothing`,
      [symbol, now, entry],
    );
    await beforeCommit?.(tx, row);
    context.prices.note(symbol, now, entry);
    return row;
  });
}
