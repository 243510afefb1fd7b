import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../db/migrate';
import { openPglite } from '../db/pglite';
import type { Db } from '../db/types';
import { listProducts, upsertInstruments } from './instrument-repo';
import { INSTRUMENTS } from './instruments';

describe('the instruments table', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite('memory://');
    await runMigrations(db);
  });
  afterAll(async () => db.close());

  it('stores every product field and reads decimals back with their scale', async () => {
    await upsertInstruments(db, INSTRUMENTS);
    const products = await listProducts(db);
    expect(products).toHaveLength(INSTRUMENTS.length);
    const eurusd = products.find((p) => p.productCode === 'EURUSD');
    expect(eurusd).toEqual({
      productCode: 'EURUSD',
      productName: 'Euro / US Dollar',
      type: 3,
      sort: 1,
      maxCount: '100',
      minCount: '0.01',
      countNum: '0.01',
      multiple: 500,
      pip: '0.00001',
      pricePrecision: 5,
      contractSize: '100000',
      sessions: INSTRUMENTS.find((i) => i.productCode === 'EURUSD')?.sessions,
      tradeStatus: 1,
      logoUrl: '/market-assets/logo/EURUSD.svg',
      feeType: 'PERCENTAGE',
      feeValue: '0.2',
    });
  });

  it('updates rows in place when the catalogue is written again', async () => {
    const changed = INSTRUMENTS.map((i) =>
      i.productCode === 'AAPL' ? { ...i, tradeStatus: 0 as const, maxCount: '500' } : i,
    );
    await upsertInstruments(db, changed);
    const stocks = await listProducts(db, 5);
    expect(stocks).toHaveLength(7);
    expect(stocks.find((p) => p.productCode === 'AAPL')).toMatchObject({ tradeStatus: 0, maxCount: '500' });
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM instruments');
    expect(rows[0]?.n).toBe(INSTRUMENTS.length);
  });

  it('filters by category and ranks products without a valid sort last', async () => {
    const forex = await listProducts(db, 3);
    expect(forex.every((p) => p.type === 3)).toBe(true);
    expect(forex.at(-1)?.productCode).toBe('EURJPY');
    expect(forex[0]?.productCode).toBe('EURUSD');
  });
});
