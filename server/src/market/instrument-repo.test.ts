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
    const stocks = await listProducts(db, { type: 5 });
    expect(stocks).toHaveLength(7);
    expect(stocks.find((p) => p.productCode === 'AAPL')).toMatchObject({ tradeStatus: 0, maxCount: '500' });
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM instruments');
    expect(rows[0]?.n).toBe(INSTRUMENTS.length);
  });

  it('filters by category and ranks products without a valid sort last', async () => {
    const forex = await listProducts(db, { type: 3 });
    expect(forex.every((p) => p.type === 3)).toBe(true);
    expect(forex.at(-1)?.productCode).toBe('EURJPY');
    expect(forex[0]?.productCode).toBe('EURUSD');
  });

  it('names the products in the language asked for where a local name exists, English otherwise', async () => {
    const name = async (language: string, code: string) =>
      (await listProducts(db, { language })).find((p) => p.productCode === code)?.productName;
    expect(await name('ja', 'EURUSD')).toBe('ユーロ/米ドル');
    expect(await name('zh-cn', 'EURUSD')).toBe('欧元/美元');
    expect(await name('zh-tw', 'XAUUSD')).toBe('黃金');
    expect(await name('ja', 'XAUUSD')).toBe('金（ゴールド）');
    expect(await name('zh-cn', 'BTCUSDT')).toBe('比特币');
    expect(await name('ja', 'BTCUSDT')).toBe('ビットコイン');
    expect(await name('de', 'EURUSD')).toBe('Euro / US-Dollar');
    expect(await name('de', 'BTCUSDT')).toBe('Bitcoin');
    expect(await name('en', 'EURUSD')).toBe('Euro / US Dollar');
    expect(await name('xx', 'XAUUSD')).toBe('Gold');
  });

  it('finds products by their local name, and by code or English name in any language', async () => {
    const codes = async (keyword: string, language: string) =>
      (await listProducts(db, { keyword, language })).map((p) => p.productCode);
    expect(await codes('ゴールド', 'ja')).toEqual(['XAUUSD']);
    expect(await codes('比特', 'zh-cn')).toEqual(['BTCUSDT']);
    expect(await codes('gold', 'ja')).toEqual(['XAUUSD']);
    expect(await codes('ゴールド', 'en')).toEqual([]);
  });
});
