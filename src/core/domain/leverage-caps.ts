/**
 * Retail-client leverage caps (issue #25, decisions PR1–PR3): every product falls into one ESMA asset class,
 * and a brand's table says the highest leverage a retail client may take in each. The server refuses a
 * higher `multiple` and answers the capped maximum as the product's leverage; the order form shows it.
 */

/** The asset classes of the ESMA retail limits, as TradeKit maps its catalogue onto them. */
export const ASSET_CLASSES = [
  'forex_major',
  'forex_minor',
  'gold',
  'index_major',
  'commodity',
  'index',
  'share',
  'crypto',
] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

/** The highest leverage (the `multiple`, 30 = 1:30) per asset class. */
export type LeverageTable = Readonly<Record<AssetClass, number>>;

/** ESMA's retail limits (product intervention measures of 2018, since taken over by the national regulators). */
export const ESMA_LEVERAGE: LeverageTable = {
  forex_major: 30,
  forex_minor: 20,
  gold: 20,
  index_major: 20,
  commodity: 10,
  index: 10,
  share: 5,
  crypto: 2,
};

/** Currencies of which any pair of two is a major pair for ESMA. */
const MAJOR_CURRENCIES = new Set(['USD', 'EUR', 'JPY', 'GBP', 'CAD', 'CHF']);

/**
 * The indices ESMA lists as major (FTSE 100, CAC 40, DAX, Dow Jones Industrial Average, S&P 500, Nasdaq
 * Composite, Nasdaq 100, Nikkei 225, ASX 200, Euro Stoxx 50) under the symbols brokers quote them by.
 */
const MAJOR_INDICES = new Set([
  'UK100',
  'FRA40',
  'GER40',
  'GER30',
  'US30',
  'SPX500',
  'US500',
  'NAS100',
  'USTEC',
  'JPN225',
  'AUS200',
  'EU50',
  'EUSTX50',
]);

/** Category ids of spec §3: 1 crypto, 2 commodities, 3 forex, 4 indices, 5 US stocks. */
const CRYPTO = 1;
const COMMODITY = 2;
const FOREX = 3;
const INDEX = 4;

/** The ESMA asset class of a product, from its category and symbol. */
export function assetClassOf(product: { productCode: string; type: number }): AssetClass {
  const code = product.productCode.toUpperCase();
  if (product.type === CRYPTO) return 'crypto';
  if (product.type === FOREX) {
    const pair = /^([A-Z]{3})([A-Z]{3})$/.exec(code);
    return pair && MAJOR_CURRENCIES.has(pair[1]!) && MAJOR_CURRENCIES.has(pair[2]!)
      ? 'forex_major'
      : 'forex_minor';
  }
  // Gold is the one commodity ESMA allows 20:1 on; XAU is its ISO 4217 code.
  if (product.type === COMMODITY) return code.startsWith('XAU') ? 'gold' : 'commodity';
  if (product.type === INDEX) return MAJOR_INDICES.has(code) ? 'index_major' : 'index';
  return 'share';
}

/**
 * True when a product's leverage (as the server answered it for the trader's brand) is within ESMA's retail
 * limit of its class: the order form then says the retail-client protection holds it (PR4). The server has
 * already capped it; a brand with protections off answers the catalogue's higher leverage, and no hint shows.
 */
export function withinRetailLimit(product: { productCode: string; type: number; multiple: number }): boolean {
  return product.multiple <= ESMA_LEVERAGE[assetClassOf(product)];
}

/** A brand's retail protections: on or off, and its table of caps. */
export interface RetailProtection {
  on: boolean;
  caps: LeverageTable;
}

/**
 * The highest leverage a trader of the brand may take on the product: the product's own `multiple`,
 * lowered to the class's cap while protections are on. Null when the cap does not lower it.
 */
export function leverageCap(
  product: { productCode: string; type: number; multiple: number },
  protection: RetailProtection,
): number | null {
  if (!protection.on) return null;
  const cap = protection.caps[assetClassOf(product)];
  return cap < product.multiple ? cap : null;
}

/** The product's leverage for the brand: its own, or the retail cap when that is lower. */
export function cappedMultiple(
  product: { productCode: string; type: number; multiple: number },
  protection: RetailProtection,
): number {
  return leverageCap(product, protection) ?? product.multiple;
}

/** Highest leverage a brand's table may give a class (the catalogue's largest is 1:500). */
export const MAX_TABLE_LEVERAGE = 1000;

/**
 * A brand's stored table, checked: every class an integer from 1 to MAX_TABLE_LEVERAGE. A missing class
 * takes ESMA's figure; anything else is refused with the first wrong key, so a typo never lifts a cap.
 */
export function parseLeverageTable(value: unknown): LeverageTable | { error: string } {
  if (value === null || value === undefined) return ESMA_LEVERAGE;
  if (typeof value !== 'object' || Array.isArray(value)) return { error: 'table' };
  const table: Record<string, number> = { ...ESMA_LEVERAGE };
  for (const [key, cap] of Object.entries(value)) {
    if (!(ASSET_CLASSES as readonly string[]).includes(key)) return { error: key };
    if (typeof cap !== 'number' || !Number.isInteger(cap) || cap < 1 || cap > MAX_TABLE_LEVERAGE)
      return { error: key };
    table[key] = cap;
  }
  return table as LeverageTable;
}

/**
 * Margin close-out floor of protections (ESMA: at 50 % of the margin used): a brand's stop-out level below it
 * is raised to it for real accounts while protections are on.
 */
export const RETAIL_STOP_OUT_FLOOR = '0.5';
