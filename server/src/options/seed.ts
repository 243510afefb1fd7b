/**
 * Reference option products: one per instrument, seeded at every start for instruments that have none (an
 * operator's later change through the admin route is never overwritten). Each category has its own delivery
 * times, profit rates, preset amounts and ranges.
 */
import type { CategoryId } from '../../../src/core/contract/types';
import { parseTimeRatePayload } from '../../../src/core/domain/option-payload';
import type { Queryable } from '../db/types';

/** Default fee: 0.2 % of the amount (spec §9 marketing text: trading fee 0.2 %). */
export const DEFAULT_OPTION_FEE_RATE = '0.002';

/**
 * Delivery times of each category: 30 s, 60 s, 5 min, 15 min, 1 h (entry text of spec §3). No `^name`: a name
 * would replace the client's translated duration label in every language.
 */
export const DEFAULT_PAYLOADS: Record<CategoryId, Record<string, string>> = {
  // Cryptos: around the clock, the most volatile, the highest rates.
  1: {
    '30': '30|82^10|50|100|500^5000|10',
    '60': '60|85^10|50|100|500^10000|10',
    '300': '300|88^50|100|500|1000^20000|50',
    '900': '900|90^100|500|1000|5000^50000|100',
    '3600': '3600|95^100|1000|5000^0|100',
  },
  // Commodities.
  2: {
    '30': '30|78^10|50|100^3000|10',
    '60': '60|80^10|50|100|500^8000|10',
    '300': '300|84^50|100|500^15000|50',
    '900': '900|87^100|500|1000^40000|100',
    '3600': '3600|90^100|1000|5000^0|100',
  },
  // Forex.
  3: {
    '30': '30|75^10|50|100^3000|10',
    '60': '60|78^10|50|100|500^8000|10',
    '300': '300|82^50|100|500^15000|50',
    '900': '900|85^100|500|1000^40000|100',
    '3600': '3600|88^100|1000|5000^0|100',
  },
  // Indices.
  4: {
    '30': '30|76^10|50|100^3000|10',
    '60': '60|79^10|50|100|500^8000|10',
    '300': '300|83^50|100|500^15000|50',
    '900': '900|86^100|500|1000^40000|100',
    '3600': '3600|89^100|1000|5000^0|100',
  },
  // US stocks.
  5: {
    '30': '30|74^10|50|100^2000|10',
    '60': '60|77^10|50|100|500^5000|10',
    '300': '300|81^50|100|500^10000|50',
    '900': '900|84^100|500|1000^30000|100',
    '3600': '3600|87^100|1000|5000^0|100',
  },
};

/** Inserts the product of every instrument that has none (one statement per category). */
export async function seedOptionProducts(db: Queryable): Promise<void> {
  for (const [type, payload] of Object.entries(DEFAULT_PAYLOADS)) {
    // A broken default would be stored and refused at every order: fail the start instead.
    const parsed = parseTimeRatePayload(payload);
    if (!parsed.ok) throw new Error(`default option payload of category ${type}: ${parsed.error}`);
    await db.query(
      `insert into option_products (product_code, fee_rate, trade_status, time_rate_payload)
       select product_code, $1::numeric, 1, $2::jsonb from instruments where type = $3::smallint
       on conflict (product_code) do nothing`,
      [DEFAULT_OPTION_FEE_RATE, JSON.stringify(payload), Number(type)],
    );
  }
}
