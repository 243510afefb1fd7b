import type { Queryable } from '../db/types';

/** A row of `cash_coins` (a coin on one network), see migration 012. */
export interface Coin {
  id: number;
  currency: string;
  protocol: string;
  address: string;
  said: string;
  minWithdraw: string;
  maxWithdraw: string;
  logoUrl: string;
  /** Market instrument whose price gives the coin's USD value; null: a USD stablecoin (1:1). */
  usdSymbol: string | null;
  feeType: 'PERCENTAGE' | 'FIX_AMOUNT' | '';
  feeNum: string;
}

interface Row {
  id: number;
  currency: string;
  protocol: string;
  address: string;
  said: string;
  min_withdraw: string;
  max_withdraw: string;
  logo_url: string;
  usd_symbol: string | null;
  fee_type: Coin['feeType'];
  fee_num: string;
}

const COLUMNS =
  'id, currency, protocol, address, said, min_withdraw::text, max_withdraw::text, logo_url, usd_symbol, fee_type, fee_num::text';

function toCoin(row: Row): Coin {
  return {
    id: Number(row.id),
    currency: row.currency,
    protocol: row.protocol,
    address: row.address,
    said: row.said,
    minWithdraw: row.min_withdraw,
    maxWithdraw: row.max_withdraw,
    logoUrl: row.logo_url,
    usdSymbol: row.usd_symbol,
    feeType: row.fee_type,
    feeNum: row.fee_num,
  };
}

/** Every enabled coin, in display order. */
export async function listCoins(q: Queryable): Promise<Coin[]> {
  const { rows } = await q.query<Row>(`select ${COLUMNS} from cash_coins where enabled order by sort, id`);
  return rows.map(toCoin);
}

/** One enabled coin, or null (a disabled or unknown id reads as missing). */
export async function findCoin(q: Queryable, id: number): Promise<Coin | null> {
  const { rows } = await q.query<Row>(`select ${COLUMNS} from cash_coins where id = $1 and enabled`, [id]);
  return rows[0] ? toCoin(rows[0]) : null;
}

/**
 * The USD price of one unit of the coin: 1 for a stablecoin, else the bid of its market instrument (what the
 * platform would get selling the coin), or null when the market has no price for it now.
 */
export function coinUsdPrice(coin: Coin, bidOf: (symbol: string) => string | undefined): string | null {
  if (coin.usdSymbol === null) return '1';
  return bidOf(coin.usdSymbol) ?? null;
}
