/**
 * `order/addOrder`: the rules, then one statement (`place-fast.ts`) or, when a rule needs the database, one
 * transaction that locks the account, writes the order and its money.
 */
import type { AddOrderRequest } from '../../../src/core/contract/trading';
import { isDecimal, toFixed } from '../../../src/core/domain/decimal';
import type { Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import type { BeforeCommit } from '../http/idempotency';
import { assertPlacementAllowed, type BlockingRule, type PlacementContext } from './blocking-rules';
import type { Engine, Trader } from './engine';
import { lockUserAccount, postMovements, type Movement } from './ledger-ops';
import { orderCharges } from '../../../src/core/domain/money';
import { cappedMultiple } from '../../../src/core/domain/leverage-caps';
import { insertOrder, type NewOrder, type OrderRow } from './orders-repo';
import { canPlaceFast, OWN_ACCOUNT, placeInOneStatement } from './place-fast';
import {
  chargeRule,
  forexDepositRule,
  liveOrdersRule,
  lotDecimals,
  lotStepMessage,
  marketOpenRule,
  oppositeRule,
  pairRule,
  parseTrigger,
  pendingPriceRule,
  priceFormatRule,
  quantityRule,
  triggerRule,
} from './rules';
import { protectionOf } from './settings';
import { Code } from '../../../src/core/contract/codes';

/** Throws the code when a rule refuses. */
export function assertRule(code: number | null): void {
  if (code !== null) throw new BusinessError(code);
}

/** Ledger transaction kinds that count as real deposits for the forex rule (320). */
export const DEPOSIT_KINDS = ['credit', 'deposit'];

/**
 * Total money ever credited to the user for the forex rule: deposits and operator credits to the real account,
 * plus the USD value of crypto deposits a `walletType 1` brand credited to the user's coin wallets.
 */
export async function totalDeposits(q: Queryable, userId: string): Promise<string> {
  const { rows } = await q.query<{ total: string }>(
    `select (select coalesce(sum(p.amount), 0)
               from ledger_postings p
               join ledger_transactions t on t.id = p.txn_id
               join ledger_accounts a on a.id = p.account_id
              where a.user_id = $1 and a.kind = 'real' and p.bucket = 'balance' and p.amount > 0
                and t.kind = any($2::text[]))
          + (select coalesce(sum(usd_amount), 0) from cash_tickets
              where user_id = $1 and action_type = 0 and state = 'success' and credited_to = 'wallet') as total`,
    [userId, DEPOSIT_KINDS],
  );
  return rows[0]?.total ?? '0';
}

/**
 * 320 as a blocking rule of the trading module: a real forex order needs the brand's minimum of real deposits
 * (no inline form: it sums postings, so such orders take the transaction).
 */
export function forexDepositBlockingRule(engine: Engine): BlockingRule {
  const minimum = (brandId: string) => engine.settings(brandId).forexMinDeposit;
  return {
    name: 'forex-deposit',
    code: Code.FOREX_DEPOSIT_REQUIRED,
    appliesTo: { market: true, option: false, real: true, demo: false },
    when: ({ product, trader }) => product.type === 3 && minimum(trader.brandId) !== null,
    async check(tx, { product, trader }) {
      const min = minimum(trader.brandId);
      const deposits = await totalDeposits(tx, trader.userId);
      return forexDepositRule(product.type, trader.virtual, min, deposits) !== null;
    },
  };
}

/**
 * Places an order for the trader; answers the stored order (already tracked and announced). `beforeCommit` (a
 * keyed request, IK6) stores the answer with its key in the order's transaction, so a keyed placement takes the
 * transaction rather than the one-statement path.
 */
export async function placeOrder(
  engine: Engine,
  trader: Trader,
  request: AddOrderRequest,
  beforeCommit?: BeforeCommit<OrderRow>,
): Promise<OrderRow> {
  const symbol = request.tradePair.trim().toUpperCase();
  const product = engine.product(symbol);
  assertRule(pairRule(product));
  if (!product) throw new BusinessError(Code.PAIR_CONFIG_NOT_FOUND);
  const now = engine.now();
  assertRule(marketOpenRule(product.sessions, now));
  const quote = engine.quote(symbol);
  if (!quote) throw new BusinessError(Code.CURRENT_PRICE_UNAVAILABLE);
  const typed = request.orderQuantity.trim();
  if (!isDecimal(typed)) throw new BusinessError(Code.ORDER_PARAMETER);
  const lots = quantityRule(typed, product);
  if (lots === Code.QUANTITY_OFF_STEP) throw new BusinessError(lots, lotStepMessage(product.countNum));
  assertRule(lots);
  // Stored at the lot step's decimals ("1.000…0" → "1.00"): the rule above proved it is on the step.
  const quantity = toFixed(typed, lotDecimals(product.countNum));
  // Above the product's leverage, or above the brand's retail cap for its asset class (PR1, PR4): 501,
  // as any multiple out of range always was. Existing positions keep the leverage they opened with.
  const settings = engine.settings(trader.brandId);
  const maxMultiple = cappedMultiple(product, protectionOf(settings));
  if (request.multiple < 1 || request.multiple > maxMultiple) throw new BusinessError(Code.ORDER_PARAMETER);
  const stop = parseTrigger(request.stopPrice, product.pricePrecision);
  const takeProfit = parseTrigger(request.takeProfitPprice, product.pricePrecision);
  if (stop === 501 || takeProfit === 501) throw new BusinessError(Code.ORDER_PARAMETER);
  const pending = request.buyPoint === 1;
  const typedLimit = request.price.trim();
  if (pending) {
    if (!isDecimal(typedLimit)) throw new BusinessError(Code.ORDER_PARAMETER);
    assertRule(pendingPriceRule(request.orderType, typedLimit, quote));
    assertRule(priceFormatRule(typedLimit, product.pricePrecision));
  }
  const limit = pending ? toFixed(typedLimit, product.pricePrecision) : typedLimit;
  const ref = pending ? ({ kind: 'pending', limit } as const) : ({ kind: 'market', quote } as const);
  assertRule(triggerRule(request.orderType, stop, takeProfit, ref));
  // The order form previews with the same function (src/core/domain/money.ts). A pending order pays its
  // fee when it fills, on the notional at the fill price.
  const charges = orderCharges(
    product,
    { side: request.orderType, quantity, multiple: request.multiple, limit: pending ? limit : null },
    quote,
    engine.lookup,
  );
  if ('error' in charges)
    throw new BusinessError(
      charges.error === 'rate_unknown' ? Code.CURRENT_PRICE_UNAVAILABLE : Code.PAIR_CONFIG_NOT_FOUND,
    );
  const { openingPrice, margin, feeNow: fee } = charges;
  // Margin and fee round up to the cent, so a positive notional always costs at least 0.01 and a zero
  // balance pays for nothing (203); a zero margin would only come from a zero notional.
  assertRule(chargeRule(margin));

  const fresh: NewOrder = {
    userId: trader.userId,
    virtual: trader.virtual,
    tradePair: symbol,
    productName: product.productName,
    orderType: request.orderType,
    buyPoint: pending ? 1 : 2,
    positionStatus: pending ? 1 : 2,
    price: pending ? limit : '0',
    openingPrice,
    stopPrice: stop,
    takeProfitPrice: takeProfit,
    orderQuantity: quantity,
    contractSize: product.contractSize,
    multiple: request.multiple,
    margin,
    feeAmount: fee,
    orderTime: now,
    transactionTime: pending ? null : now,
    brandId: trader.brandId,
  };
  const movements = (accountId: string): Movement[] => [
    { from: { accountId, bucket: 'balance' }, to: { accountId, bucket: 'lock_margin' }, amount: margin },
    {
      from: { accountId, bucket: 'balance' },
      to: { accountId: engine.house('fees', trader.virtual, trader.userId), bucket: 'balance' },
      amount: fee,
    },
  ];

  const context: PlacementContext = { trader, kind: 'market', product };
  const rules = engine.blocking.applicable(context);
  const fast =
    !beforeCommit && canPlaceFast(engine, trader, settings, rules)
      ? await placeInOneStatement(engine.db, fresh, 'order_place', movements(OWN_ACCOUNT), now, rules)
      : null;
  // Null also when the account is not opened yet, or the one statement could not trust its snapshot: the
  // transaction below opens the account, waits for its lock and reads every rule afresh.
  const order =
    fast ??
    (await engine.db.transaction(async (tx) => {
      const account = await lockUserAccount(tx, trader.userId, trader.virtual, engine.openDemo);
      await assertPlacementAllowed(tx, engine, context);
      // Counted under the account lock, so concurrent placements of one account cannot pass it together.
      const { rows: live } = await tx.query<{ n: string }>(
        `select count(*) as n from orders where user_id = $1 and virtual = $2 and position_status in (1, 2)`,
        [trader.userId, trader.virtual],
      );
      assertRule(liveOrdersRule(Number(live[0]?.n ?? 0)));
      if (settings.forbidOpposite) {
        const { rows } = await tx.query<{ order_type: number }>(
          `select distinct order_type from orders
            where user_id = $1 and virtual = $2 and trade_pair = $3 and position_status in (1, 2)`,
          [trader.userId, trader.virtual, symbol],
        );
        assertRule(
          oppositeRule(
            true,
            request.orderType,
            rows.map((r) => Number(r.order_type)),
          ),
        );
      }
      const placed = await insertOrder(tx, fresh, now);
      await postMovements(tx, 'order_place', placed.uid, movements(account.id));
      await beforeCommit?.(tx, placed);
      return placed;
    }));
  engine.track(order);
  return order;
}
