/** The `instruments` table: written from the catalogue at start, read by the product list. */
import type { CategoryId, ProductInfo, SessionHours } from '../../../src/core/contract/types';
import { translated } from '../../../src/core/contract/translations';
import { codesByLocalName, INSTRUMENT_NAMES } from './instrument-names';
import { compareProducts } from './instruments';

/** The part of `app.db` the market module uses. */
export interface MarketDb {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

interface InstrumentRow {
  product_code: string;
  product_name: string;
  type: number;
  sort: number | null;
  min_count: string;
  max_count: string;
  count_num: string;
  multiple: number;
  pip: string;
  price_precision: number;
  contract_size: string;
  sessions: SessionHours[];
  trade_status: number;
  logo_url: string;
  fee_type: ProductInfo['feeType'];
  fee_value: string;
}

const COLUMNS = `product_code text, product_name text, type smallint, sort integer, min_count numeric,
  max_count numeric, count_num numeric, multiple integer, pip numeric, price_precision smallint,
  contract_size numeric, sessions jsonb, trade_status smallint, logo_url text, fee_type text, fee_value numeric`;
const NAMES = COLUMNS.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '');
const UPDATES = NAMES.filter((n) => n !== 'product_code')
  .map((n) => `${n} = excluded.${n}`)
  .join(', ');

function toRow(p: ProductInfo): InstrumentRow {
  return {
    product_code: p.productCode,
    product_name: p.productName,
    type: p.type,
    sort: p.sort,
    min_count: p.minCount,
    max_count: p.maxCount,
    count_num: p.countNum,
    multiple: p.multiple,
    pip: p.pip,
    price_precision: p.pricePrecision,
    contract_size: p.contractSize,
    sessions: p.sessions,
    trade_status: p.tradeStatus,
    logo_url: p.logoUrl,
    fee_type: p.feeType,
    fee_value: p.feeValue,
  };
}

function fromRow(r: InstrumentRow): ProductInfo {
  return {
    productCode: r.product_code,
    productName: r.product_name,
    type: r.type as CategoryId,
    sort: r.sort,
    maxCount: r.max_count,
    minCount: r.min_count,
    countNum: r.count_num,
    multiple: r.multiple,
    pip: r.pip,
    pricePrecision: r.price_precision,
    contractSize: r.contract_size,
    sessions: r.sessions,
    tradeStatus: r.trade_status === 0 ? 0 : 1,
    logoUrl: r.logo_url,
    feeType: r.fee_type,
    feeValue: r.fee_value,
  };
}

/** Insert or update every product in one statement (one JSON parameter, so any row count fits). */
export async function upsertInstruments(db: MarketDb, products: readonly ProductInfo[]): Promise<void> {
  await db.query(
    `INSERT INTO instruments (${NAMES.join(', ')})
     SELECT ${NAMES.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${COLUMNS})
     ON CONFLICT (product_code) DO UPDATE SET ${UPDATES}, updated_at = now()`,
    [JSON.stringify(products.map(toRow))],
  );
}

/** `%text%` for ILIKE, with the pattern characters of `text` taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What narrows the product list. */
export interface ProductQuery {
  /** One category. */
  type?: number;
  /** Code or name (English, or in `language`) contains it, case ignored: the search page. */
  keyword?: string;
  /** The categories the brand offers (its trade list); absent: all. */
  offered?: readonly number[];
  /** Language of `productName` (English fallback where an instrument has no local name). */
  language?: string;
}

/** Products in list order: category, sort (invalid sort last), code. */
export async function listProducts(db: MarketDb, query: ProductQuery = {}): Promise<ProductInfo[]> {
  const text = query.keyword?.trim();
  const language = query.language?.trim().toLowerCase() || 'en';
  const { rows } = await db.query<InstrumentRow>(
    `SELECT ${NAMES.join(', ')} FROM instruments
     WHERE ($1::smallint IS NULL OR type = $1::smallint)
       AND ($2::text IS NULL OR product_code ILIKE $2 OR product_name ILIKE $2 OR product_code = ANY($4::text[]))
       AND ($3::smallint[] IS NULL OR type = ANY($3::smallint[]))`,
    [
      query.type ?? null,
      text ? containsPattern(text) : null,
      query.offered ? [...query.offered] : null,
      text ? codesByLocalName(text, language) : [],
    ],
  );
  return rows
    .map(fromRow)
    .map((p) => ({ ...p, productName: translated(p.productName, INSTRUMENT_NAMES[p.productCode], language) }))
    .sort(compareProducts);
}
