/**
 * The instrument catalogue of the reference server: 38 real-world symbols over the five categories, with
 * reference prices plausible for late 2026, and the simulation parameters the price simulator needs.
 */
import { productLogoPath } from '../../../src/core/contract/market';
import type { CategoryId, ProductInfo, SessionHours } from '../../../src/core/contract/types';
import { ALWAYS_OPEN, EU_CASH_HOURS, FOREX_HOURS, FUTURES_HOURS, US_STOCK_HOURS } from './sessions';

/** A product plus what the simulator and the logo need. */
export interface Instrument extends ProductInfo {
  /** Bid the simulator starts from (its scale is the price precision). */
  referencePrice: string;
  /** Ask − bid, in price steps (`pip`). */
  spreadPips: number;
  /** Annualised volatility of the random walk, e.g. 0.55 = 55 %. */
  volatility: number;
  /** Typical volume of one tick, in base units (coins, ounces, lots, contracts, shares). */
  tickVolume: number;
  logoColor: string;
}

/** Category defaults: lots, contract size, hours. */
interface CategoryDefaults {
  type: CategoryId;
  lots: [min: string, max: string, step: string];
  contractSize: string;
  sessions: readonly SessionHours[];
}

type Override = Partial<Pick<Instrument, 'sort' | 'tradeStatus' | 'feeType' | 'feeValue'>> & {
  sessions?: readonly SessionHours[];
};
/** code, name, reference bid (its decimals set the precision), spread (steps), volatility, leverage, tick volume, colour. */
type Row = [string, string, string, number, number, number, number, string, Override?];

const CRYPTOS: Row[] = [
  ['BTCUSDT', 'Bitcoin', '98500.00', 1000, 0.55, 100, 0.6, '#f7931a'],
  ['ETHUSDT', 'Ethereum', '3650.00', 120, 0.7, 50, 8, '#627eea'],
  ['SOLUSDT', 'Solana', '215.00', 6, 0.9, 20, 60, '#9945ff'],
  ['XRPUSDT', 'XRP', '2.4500', 8, 0.9, 20, 9000, '#23292f'],
  ['BNBUSDT', 'BNB', '880.00', 25, 0.6, 50, 20, '#f3ba2f'],
  ['DOGEUSDT', 'Dogecoin', '0.28000', 12, 1, 20, 60000, '#c2a633', { sort: null }],
  ['ADAUSDT', 'Cardano', '0.9500', 6, 0.95, 20, 15000, '#0033ad'],
  ['LTCUSDT', 'Litecoin', '115.00', 10, 0.8, 20, 90, '#345d9d'],
];

const COMMODITIES: Row[] = [
  ['XAUUSD', 'Gold', '4150.00', 30, 0.16, 100, 3, '#d4a017'],
  ['XAGUSD', 'Silver', '52.000', 30, 0.28, 100, 4, '#8a9597'],
  ['USOIL', 'WTI Crude Oil', '64.50', 4, 0.35, 100, 5, '#2b2b2b'],
  ['UKOIL', 'Brent Crude Oil', '68.20', 4, 0.33, 100, 4, '#4a3b2a'],
  ['NGAS', 'Natural Gas', '3.850', 6, 0.6, 50, 3, '#1f78b4'],
  ['COPPER', 'Copper', '5.1500', 20, 0.25, 50, 2, '#b87333', { feeType: 'FIX_AMOUNT', feeValue: '5' }],
];

const FOREX: Row[] = [
  ['EURUSD', 'Euro / US Dollar', '1.16500', 12, 0.07, 500, 6, '#003399'],
  ['GBPUSD', 'British Pound / US Dollar', '1.33800', 15, 0.08, 500, 4, '#c8102e'],
  ['USDJPY', 'US Dollar / Japanese Yen', '152.400', 15, 0.09, 400, 5, '#bc002d'],
  ['AUDUSD', 'Australian Dollar / US Dollar', '0.65800', 15, 0.09, 300, 3, '#00843d'],
  ['USDCAD', 'US Dollar / Canadian Dollar', '1.39500', 18, 0.06, 300, 3, '#d52b1e'],
  ['USDCHF', 'US Dollar / Swiss Franc', '0.80100', 16, 0.08, 300, 2, '#da291c'],
  ['NZDUSD', 'New Zealand Dollar / US Dollar', '0.58200', 20, 0.1, 200, 2, '#00247d'],
  ['EURGBP', 'Euro / British Pound', '0.87100', 15, 0.05, 200, 2, '#1d3f8f'],
  ['USDHKD', 'US Dollar / Hong Kong Dollar', '7.78000', 30, 0.005, 100, 1, '#de2910', { tradeStatus: 0 }],
  ['EURJPY', 'Euro / Japanese Yen', '177.500', 25, 0.09, 200, 2, '#5b2c83', { sort: 0 }],
];

const INDICES: Row[] = [
  ['US30', 'Dow Jones 30', '47500.0', 20, 0.15, 100, 2, '#0a3161'],
  ['NAS100', 'Nasdaq 100', '25800.0', 15, 0.2, 100, 3, '#0092bc'],
  ['SPX500', 'S&P 500', '6850.0', 5, 0.16, 100, 4, '#b22234'],
  ['GER40', 'DAX 40', '24300.0', 15, 0.17, 100, 2, '#000000', { sessions: EU_CASH_HOURS }],
  ['UK100', 'FTSE 100', '9700.0', 10, 0.13, 100, 2, '#012169', { sessions: EU_CASH_HOURS }],
  ['JPN225', 'Nikkei 225', '50500.0', 80, 0.2, 100, 2, '#e60012'],
  ['HK50', 'Hang Seng 50', '26000.0', 60, 0.22, 100, 2, '#d71920'],
];

const US_STOCKS: Row[] = [
  ['AAPL', 'Apple', '265.00', 4, 0.28, 20, 300, '#555555'],
  ['TSLA', 'Tesla', '430.00', 10, 0.6, 10, 250, '#cc0000'],
  ['NVDA', 'NVIDIA', '190.00', 4, 0.5, 10, 900, '#76b900'],
  ['MSFT', 'Microsoft', '520.00', 6, 0.25, 20, 150, '#00a4ef'],
  ['AMZN', 'Amazon', '235.00', 4, 0.32, 20, 300, '#ff9900'],
  ['GOOGL', 'Alphabet', '285.00', 4, 0.3, 20, 250, '#4285f4'],
  ['META', 'Meta Platforms', '740.00', 8, 0.38, 10, 120, '#0866ff'],
];

const CATEGORIES: Array<[CategoryDefaults, Row[]]> = [
  [{ type: 1, lots: ['0.01', '50', '0.01'], contractSize: '1', sessions: ALWAYS_OPEN }, CRYPTOS],
  [{ type: 2, lots: ['0.01', '50', '0.01'], contractSize: '100', sessions: FUTURES_HOURS }, COMMODITIES],
  [{ type: 3, lots: ['0.01', '100', '0.01'], contractSize: '100000', sessions: FOREX_HOURS }, FOREX],
  [{ type: 4, lots: ['0.1', '100', '0.1'], contractSize: '1', sessions: FUTURES_HOURS }, INDICES],
  [{ type: 5, lots: ['1', '1000', '1'], contractSize: '1', sessions: US_STOCK_HOURS }, US_STOCKS],
];

/** Units of the underlying per lot where a category's default does not fit (ounces, barrels, MMBtu, pounds). */
const CONTRACT_SIZES: Record<string, string> = {
  XAGUSD: '5000',
  USOIL: '1000',
  UKOIL: '1000',
  NGAS: '10000',
  COPPER: '25000',
};

/** Path of the logo the market plugin serves for a symbol. */
export function logoPath(symbol: string): string {
  return productLogoPath(symbol);
}

function build(defaults: CategoryDefaults, row: Row, index: number): Instrument {
  const [code, name, price, spreadPips, volatility, multiple, tickVolume, logoColor, override = {}] = row;
  const precision = price.split('.')[1]?.length ?? 0;
  return {
    productCode: code,
    productName: name,
    type: defaults.type,
    sort: index + 1,
    minCount: defaults.lots[0],
    maxCount: defaults.lots[1],
    countNum: defaults.lots[2],
    multiple,
    pip: precision === 0 ? '1' : `0.${'0'.repeat(precision - 1)}1`,
    pricePrecision: precision,
    contractSize: CONTRACT_SIZES[code] ?? defaults.contractSize,
    tradeStatus: 1,
    logoUrl: logoPath(code),
    feeType: 'PERCENTAGE',
    feeValue: '0.2',
    referencePrice: price,
    spreadPips,
    volatility,
    tickVolume,
    logoColor,
    ...override,
    sessions: [...(override.sessions ?? defaults.sessions)],
  };
}

/** Every instrument, in catalogue order. */
export const INSTRUMENTS: readonly Instrument[] = CATEGORIES.flatMap(([defaults, rows]) =>
  rows.map((row, index) => build(defaults, row, index)),
);

/** True when `sort` ranks (a positive integer); null, zero or negative ranks last (spec §3). */
export function hasValidSort(sort: number | null): sort is number {
  return sort !== null && Number.isInteger(sort) && sort > 0;
}

/** Order of lists: category, then sort (invalid last), then code. */
export function compareProducts(a: ProductInfo, b: ProductInfo): number {
  if (a.type !== b.type) return a.type - b.type;
  const sa = hasValidSort(a.sort) ? a.sort : Number.POSITIVE_INFINITY;
  const sb = hasValidSort(b.sort) ? b.sort : Number.POSITIVE_INFINITY;
  if (sa !== sb) return sa < sb ? -1 : 1;
  return a.productCode < b.productCode ? -1 : a.productCode > b.productCode ? 1 : 0;
}
