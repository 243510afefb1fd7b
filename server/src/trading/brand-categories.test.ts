// The brand's trade list is one rule for what it offers: the product list, search and order info, the option
// products, and what addOrder (304) and addOrderOption (605) accept. The default brand offers US stocks;
// meridian (trade list [3, 2, 1, 4]) does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productList } from '../../../src/core/contract/market';
import { findOptionsProduct, type OptionProduct } from '../../../src/core/contract/options';
import { productOrderInfo, productSearch } from '../../../src/core/contract/trading';
import type { ProductInfo } from '../../../src/core/contract/types';
import { describeOnBackends } from '../db/testing';
import { optionsHarness, type OptionsHarness } from '../options/test-app';
import { urlOf } from './test-app';

/** Wednesday 2026-03-11 15:00 UTC: New York is on daylight time and US stocks are open. */
const US_OPEN = Date.parse('2026-03-11T15:00:00Z');

describeOnBackends('brand categories', { on: 'any' }, (backend) => {
  let h: OptionsHarness;

  beforeAll(async () => {
    h = await optionsHarness(backend);
    h.clock.set(US_OPEN);
    await h.pin('AAPL', '265.00');
  }, 120_000);
  afterAll(() => h?.close());

  const publicList = async (brand: string | null, body: object = {}) =>
    (
      await h.app.inject({
        method: 'POST',
        url: urlOf(productList),
        payload: body,
        headers: brand ? { 'x-tk-brand': brand } : {},
      })
    ).json<{ data: ProductInfo[] }>().data;

  describe('POST /v1/wa-na/forex/product/list', () => {
    it('lists US stocks for the default brand', async () => {
      const types = new Set((await publicList(null)).map((p) => p.type));
      expect([...types].sort()).toEqual([1, 2, 3, 4, 5]);
    });

    it('leaves out the categories meridian does not offer, also by keyword and by type', async () => {
      const all = await publicList('meridian');
      expect(all.length).toBeGreaterThan(0);
      expect(all.some((p) => p.type === 5)).toBe(false);
      expect(await publicList('meridian', { keyword: 'AAPL' })).toEqual([]);
      expect(await publicList('meridian', { type: 5 })).toEqual([]);
      expect((await publicList(null, { keyword: 'AAPL' })).map((p) => p.productCode)).toEqual(['AAPL']);
    });
  });

  describe('POST /v1/waa/product/search and product/order/info', () => {
    it('finds AAPL for a default-brand user only', async () => {
      const own = await h.trader();
      const other = await h.trader({ brandId: 'meridian' });
      const search = (token: string) =>
        h.post<ProductInfo[]>(urlOf(productSearch), token, { keyword: 'aapl' });
      expect((await search(own.token)).data.map((p) => p.productCode)).toEqual(['AAPL']);
      expect((await search(other.token)).data).toEqual([]);
    });

    it('shows AAPL as not tradable to a user of a brand without US stocks', async () => {
      const own = await h.trader();
      const other = await h.trader({ brandId: 'meridian' });
      const info = (token: string) =>
        h.post<ProductInfo>(urlOf(productOrderInfo), token, { productCode: 'AAPL' });
      expect((await info(own.token)).data.tradeStatus).toBe(1);
      expect((await info(other.token)).data.tradeStatus).toBe(0);
    });
  });

  describe('POST /exchange/order/addOrder', () => {
    it('accepts AAPL from the default brand and refuses it with 304 where US stocks are not offered', async () => {
      const own = await h.trader({ credit: '10000' });
      const other = await h.trader({ brandId: 'meridian', credit: '10000' });
      const order = { tradePair: 'AAPL', orderQuantity: '1', multiple: 20 };
      expect((await h.order(own.token, order)).code).toBe(0);
      const refused = await h.order(other.token, order);
      expect(refused.code).toBe(304);
      expect(Number((await h.account(other.id)).balance)).toBe(10000);
    });

    it('still accepts the categories meridian offers', async () => {
      const other = await h.trader({ brandId: 'meridian', credit: '200000' });
      expect((await h.order(other.token, { tradePair: 'BTCUSDT', orderQuantity: '0.1' })).code).toBe(0);
    });
  });

  describe('option products and POST /exchange/order/addOrderOption', () => {
    const optionProducts = async (brand: string) =>
      (
        await h.app.inject({
          method: 'POST',
          url: urlOf(findOptionsProduct),
          payload: { productCode: 'AAPL' },
          headers: { 'x-tk-brand': brand },
        })
      ).json<{ data: { optionsProducts: OptionProduct[] } }>().data.optionsProducts;

    it('lists the AAPL option product for the default brand only', async () => {
      expect((await optionProducts('tradekit')).map((p) => p.productCode)).toEqual(['AAPL']);
      expect(await optionProducts('meridian')).toEqual([]);
    });

    it('refuses an AAPL option with 605 where US stocks are not offered', async () => {
      const product = await h.product('AAPL');
      const own = await h.trader({ credit: '10000' });
      const other = await h.trader({ brandId: 'meridian', credit: '10000' });
      const option = { tradePair: 'AAPL', optionsProductId: product.id, price: '265.00', rate: '0.77' };
      expect((await h.buy(own.token, option)).code).toBe(0);
      expect((await h.buy(other.token, option)).code).toBe(605);
    });
  });
});
