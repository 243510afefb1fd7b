import type { CategoryId, PriceEntry } from '../../src/core/contract/types';

const INSTRUMENTS: Array<[symbol: string, name: string, type: CategoryId, base: number, precision: number]> =
  [
    ['BTCUSDT', 'Bitcoin', 1, 64_210.5, 2],
    ['ETHUSDT', 'Ethereum', 1, 3_105.25, 2],
    ['SOLUSDT', 'Solana', 1, 148.32, 3],
    ['XRPUSDT', 'Ripple', 1, 0.5231, 4],
    ['DOGEUSDT', 'Dogecoin', 1, 0.1432, 5],
    ['ADAUSDT', 'Cardano', 1, 0.4521, 4],
    ['LTCUSDT', 'Litecoin', 1, 81.44, 2],
    ['XAUUSD', 'Gold', 2, 2_331.45, 2],
    ['XAGUSD', 'Silver', 2, 29.412, 3],
    ['USOIL', 'WTI Crude Oil', 2, 78.21, 2],
    ['UKOIL', 'Brent Crude Oil', 2, 82.64, 2],
    ['NGAS', 'Natural Gas', 2, 2.614, 3],
    ['COPPER', 'Copper', 2, 4.5125, 4],
    ['EURUSD', 'Euro / US Dollar', 3, 1.08421, 5],
    ['GBPUSD', 'British Pound / US Dollar', 3, 1.27154, 5],
    ['USDJPY', 'US Dollar / Japanese Yen', 3, 156.812, 3],
    ['AUDUSD', 'Australian Dollar / US Dollar', 3, 0.66412, 5],
    ['USDCAD', 'US Dollar / Canadian Dollar', 3, 1.36721, 5],
    ['USDCHF', 'US Dollar / Swiss Franc', 3, 0.91254, 5],
    ['NZDUSD', 'New Zealand Dollar / US Dollar', 3, 0.61233, 5],
    ['EURJPY', 'Euro / Japanese Yen', 3, 170.021, 3],
    ['EURGBP', 'Euro / British Pound', 3, 0.85264, 5],
    ['US30', 'Dow Jones 30', 4, 39_112.4, 1],
    ['SPX500', 'S&P 500', 4, 5_304.72, 2],
    ['NAS100', 'Nasdaq 100', 4, 18_712.3, 1],
    ['GER40', 'DAX 40', 4, 18_402.1, 1],
    ['UK100', 'FTSE 100', 4, 8_231.6, 1],
    ['JPN225', 'Nikkei 225', 4, 38_520, 0],
    ['AAPL', 'Apple Inc.', 5, 191.29, 2],
    ['MSFT', 'Microsoft Corp.', 5, 421.9, 2],
    ['NVDA', 'NVIDIA Corp.', 5, 1_064.69, 2],
    ['AMZN', 'Amazon.com Inc.', 5, 183.54, 2],
    ['TSLA', 'Tesla Inc.', 5, 178.08, 2],
    ['GOOGL', 'Alphabet Inc.', 5, 176.44, 2],
    ['META', 'Meta Platforms Inc.', 5, 471.62, 2],
  ];

/** A `/topic/prices` body as the market module publishes it: every instrument's PriceEntry (~8 KB). */
export function pricesBody(tick: number, now = 1_717_000_000_000): string {
  const entries: PriceEntry[] = INSTRUMENTS.map(([symbol, name, type, base, precision], i) => {
    const drift = Math.sin(tick * 0.37 + i) * base * 0.002;
    const price = base + drift;
    const spread = base * 0.0001;
    return {
      symbol,
      name,
      bidPrice: (price - spread).toFixed(precision),
      askPrice: (price + spread).toFixed(precision),
      price: price.toFixed(precision),
      priceChangePercent: ((drift / base) * 100).toFixed(2),
      type,
      sort: i + 1,
      volume: type === 2 || type === 3 ? '0' : String(1_000_000 + ((tick * 7919 + i * 104_729) % 900_000)),
      lastUpdate: now + tick * 500,
      openPrice: base.toFixed(precision),
      highPrice: (base * 1.004).toFixed(precision),
      lowPrice: (base * 0.996).toFixed(precision),
      pricePrecision: precision,
      logoUrl: `/media/logos/${symbol.toLowerCase()}.svg`,
      marketOpen: true,
    };
  });
  return JSON.stringify(entries);
}
