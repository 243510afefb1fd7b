/**
 * The option routes: the public product list, `order/addOrderOption` (demo: `…Mock`), the protected
 * history, detail and completion calls (the token's account, real or demo, decides whose options), and the
 * admin change of a product.
 */
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import {
  addOrderOption,
  adminUpdateOptionProduct,
  checkOptionOrderCompletion,
  findOption,
  findOptionHistory,
  findOptionsProduct,
  OPTION_HISTORY_PAGE_SIZE,
  OPTION_RUNNING_LIMIT,
  OptionPositionStatus,
} from '../../../src/core/contract/options';
import { compare, isDecimal, normalize } from '../../../src/core/domain/decimal';
import { utcDayStart } from '../../../src/core/domain/market-hours';
import { parseTimeRatePayload } from '../../../src/core/domain/option-payload';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { traderOf } from '../trading';
import type { OptionsContext } from './context';
import { placeOption } from './place';
import {
  findAccountOption,
  findProduct,
  OPTION_COLUMNS,
  PRODUCT_COLUMNS,
  PRODUCT_FROM,
  toOptionOrder,
  toOptionProduct,
  type OptionRow,
  type ProductRow,
} from './repo';

/** Largest page of the product list. */
const MAX_PRODUCT_PAGE = 200;
/** Largest page of settled options. */
const MAX_SETTLED_PAGE = 100;

export function optionRoutes(app: FastifyInstance, context: OptionsContext): void {
  const db = context.db;

  route(app, findOptionsProduct, async (input, { request }) => {
    const limit = Math.min(input.limit ?? MAX_PRODUCT_PAGE, MAX_PRODUCT_PAGE);
    const page = input.page ?? 1;
    const code = input.productCode?.trim().toUpperCase() || null;
    // Only the categories the brand offers (its trade list) have option products for it.
    const offered = [...app.brand.of(request).settings.tradeList];
    const where = '($1::text is null or p.product_code = $1) and i.type = any($2::smallint[])';
    const { rows } = await db.query<ProductRow>(
      `select ${PRODUCT_COLUMNS} from ${PRODUCT_FROM} where ${where}
        order by i.type, i.sort nulls last, p.product_code limit $3 offset $4`,
      [code, offered, limit, (page - 1) * limit],
    );
    const count = await db.query<{ n: string }>(`select count(*) as n from ${PRODUCT_FROM} where ${where}`, [
      code,
      offered,
    ]);
    const total = Number(count.rows[0]?.n ?? 0);
    return ok({ optionsProducts: rows.map(toOptionProduct), total, pages: Math.ceil(total / limit) });
  });

  route(app, addOrderOption, async (input, { request, answer }) => {
    const answerOf = (row: OptionRow) =>
      ok({
        uid: row.uid,
        beginTime: Number(row.beginTime),
        endTime: Number(row.endTime),
        price: normalize(row.price),
      });
    // With an Idempotency-Key the answer is stored in the placement's transaction (IK6).
    const row = await placeOption(
      context,
      traderOf(request),
      input,
      answer.keyed ? (tx, placed) => answer.record(tx, answerOf(placed)) : undefined,
    );
    return answerOf(row);
  });

  route(app, findOptionHistory, async (input, { request }) => {
    const { userId, virtual } = request.auth;
    const status = input.positionStatus ?? OptionPositionStatus.running;
    // Running options come all at once (spec §7: limit 99999); settled ones at most 100 a page.
    const limit = Math.min(
      input.limit ?? OPTION_HISTORY_PAGE_SIZE,
      status === 1 ? MAX_SETTLED_PAGE : OPTION_RUNNING_LIMIT,
    );
    const page = input.page ?? 1;
    const order = status === 1 ? 'complete_time desc, id desc' : 'end_time asc, id asc';
    const { rows } = await db.query<OptionRow>(
      `select ${OPTION_COLUMNS} from option_orders
        where user_id = $1 and virtual = $2 and position_status = $3 order by ${order} limit $4 offset $5`,
      [userId, virtual, status, limit, (page - 1) * limit],
    );
    const totals = await db.query<{ total: string; today: string; all: string }>(
      `select (select count(*) from option_orders where user_id = $1 and virtual = $2 and position_status = $3)::text
                as total,
              coalesce(sum(win_lost) filter (where complete_time >= $4), 0) as today,
              coalesce(sum(win_lost), 0) as all
         from option_orders where user_id = $1 and virtual = $2 and position_status = 1`,
      [userId, virtual, status, utcDayStart(context.now())],
    );
    const sums = totals.rows[0];
    const total = Number(sums?.total ?? 0);
    const cents = (v: string | undefined) => toCents(v ?? '0');
    return ok({
      items: rows.map(toOptionOrder),
      page,
      pages: Math.ceil(total / limit),
      total,
      todayWinLoss: cents(sums?.today),
      totalWinLoss: cents(sums?.all),
    });
  });

  const ownOption = async (uid: string, auth: { userId: string; virtual: boolean }) => {
    const row = await findAccountOption(db, uid.trim(), auth.userId, auth.virtual);
    // Another account's option answers exactly like a missing one.
    if (!row) throw new BusinessError(Code.ORDER_NOT_FOUND);
    return row;
  };
  route(app, findOption, async (input, { request }) =>
    ok(toOptionOrder(await ownOption(input.uid, request.auth))),
  );
  route(app, checkOptionOrderCompletion, async (input, { request }) => {
    const row = await ownOption(input.uid, request.auth);
    return ok({ completed: Number(row.positionStatus) === OptionPositionStatus.finished });
  });

  route(app, adminUpdateOptionProduct, async (input, { audit }) => {
    const changes: string[] = [];
    const values: unknown[] = [input.id];
    if (input.timeRatePayload !== undefined) {
      const parsed = parseTimeRatePayload(input.timeRatePayload);
      if (!parsed.ok) throw new BusinessError(Code.INCORRECT_PARAMETER, `timeRatePayload: ${parsed.error}`);
      values.push(JSON.stringify(input.timeRatePayload));
      changes.push(`time_rate_payload = $${values.length}::jsonb`);
    }
    if (input.feeRate !== undefined) {
      if (
        !isDecimal(input.feeRate) ||
        compare(input.feeRate, '1') >= 0 ||
        !/^\d+(\.\d{1,8})?$/.test(input.feeRate)
      )
        throw new BusinessError(
          Code.INCORRECT_PARAMETER,
          'feeRate must be a fraction below 1, at most 8 decimals',
        );
      values.push(input.feeRate);
      changes.push(`fee_rate = $${values.length}::numeric`);
    }
    if (input.tradeStatus !== undefined) {
      values.push(input.tradeStatus);
      changes.push(`trade_status = $${values.length}::smallint`);
    }
    const product = await audit.transaction(async (tx, record) => {
      const before = await findProduct(tx, input.id);
      if (!before) throw new BusinessError(Code.OPTION_CONFIG_MISSING);
      if (changes.length > 0) {
        await tx.query(
          `update option_products set ${changes.join(', ')}, updated_at = now() where id = $1`,
          values,
        );
      }
      const after = (await findProduct(tx, input.id)) ?? before;
      const kept = (row: typeof before) => {
        const { timeRatePayload, feeRate, tradeStatus } = toOptionProduct(row);
        return { timeRatePayload, feeRate, tradeStatus };
      };
      await record({
        action: 'option_product.update',
        objectKind: 'option_product',
        objectId: String(input.id),
        before: kept(before),
        after: kept(after),
      });
      return after;
    });
    return ok(toOptionProduct(product));
  });
}

/** A sum of numeric(28, 8) money at the cent ('-12.5' → '-12.50'). */
function toCents(value: string): string {
  const [whole, fraction = ''] = normalize(value).split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}
