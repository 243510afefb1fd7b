import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Banner, SystemConfigResponse } from '../../../src/core/contract/types';
import { SUPPORTED_LANGUAGES } from '../../../src/core/contract/languages';
import { buildApp } from '../app';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import { seedBrands } from './seed';
import { createBrandService } from './service';
import { SYSTEM_CONFIG_NAMES } from './system-configs';

const HOST = 'trade.test:8080';

describeOnBackends('brand API', { on: 'any' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await backend.create();
    app = await buildApp({ ...database, modules: { market: false, broker: false } });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const post = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, headers: { host: HOST, ...headers }, payload: {} });
  const configOf = async (url: string, headers?: Record<string, string>) =>
    (await post(url, headers)).json<{ data: SystemConfigResponse }>().data;
  const flag = (config: SystemConfigResponse, name: string) =>
    config.systemConfigs.find((c) => c.name === name);

  describe('POST /v1/wa-na/system/systemConfig/getAllConfigStatusWeb', () => {
    const url = '/v1/wa-na/system/systemConfig/getAllConfigStatusWeb';

    it('lists every config name of spec §3 and §6 for the default brand', async () => {
      const res = await post(url);
      expect(res.json().code).toBe(0);
      const config = res.json<{ data: SystemConfigResponse }>().data;
      expect(config.systemConfigs.map((c) => c.name)).toEqual([...SYSTEM_CONFIG_NAMES]);
      expect(config.walletType).toBe(0);
      expect(flag(config, 'PHONE_REGISTER')?.enable).toBe(true);
      expect(flag(config, 'depositType')).toEqual({
        name: 'depositType',
        enable: true,
        value: 'crypto,bank',
      });
    });

    it('picks the brand from the query', async () => {
      const config = await configOf(`${url}?brand=aurora`);
      expect(config.walletType).toBe(1);
      expect(flag(config, 'user/bankCard')?.enable).toBe(false);
      expect(flag(config, 'hideRegisterInviteCode')?.enable).toBe(true);
    });

    it('picks the brand from the x-tk-brand header', async () => {
      const config = await configOf(url, { 'x-tk-brand': 'meridian' });
      expect(flag(config, 'PHONE_REGISTER')?.enable).toBe(false);
      expect(flag(config, 'VIRTUAL_CURRENCY_TRADE')?.enable).toBe(false);
    });

    it('prefers the query over the header', async () => {
      const config = await configOf(`${url}?brand=aurora`, { 'x-tk-brand': 'meridian' });
      expect(config.walletType).toBe(1);
    });

    it('falls back to the default brand for an unknown brand', async () => {
      expect(await configOf(`${url}?brand=nosuch`)).toEqual(await configOf(url));
    });

    it('also answers GET', async () => {
      const res = await app.inject({ method: 'GET', url: `${url}?brand=aurora` });
      expect(res.json().data.walletType).toBe(1);
    });
  });

  describe('POST /v1/wa-na/appBanner/list', () => {
    const url = '/v1/wa-na/appBanner/list';

    it('lists the active banners in order with absolute image URLs on the request origin', async () => {
      const banners = (await post(url)).json<{ data: Banner[] }>().data;
      expect(banners.map((b) => b.bannerUrl)).toEqual(
        [1, 2, 3].map((n) => `http://${HOST}/brand-assets/tradekit/banner-${n}.svg`),
      );
      expect(banners[0]?.title).toBeTruthy();
      expect(banners[0]?.linkUrl).toBe('/quotation');
    });

    it('answers titles and generated images in the locale asked for, English where the brand has none', async () => {
      const list = async (locale: string, brand = 'tradekit') =>
        (
          await app.inject({
            method: 'POST',
            url: `${url}?brand=${brand}`,
            headers: { host: HOST },
            payload: { locale },
          })
        ).json<{ data: Banner[] }>().data;
      const ja = await list('ja');
      expect(ja.map((b) => b.title)).toEqual([
        '1つの口座でFX・商品・株価指数・暗号資産',
        'デモ口座でリスクなしで練習',
        '取引手数料0.2%、口座間振替は無料',
      ]);
      expect(ja[1]?.bannerUrl).toBe(`http://${HOST}/brand-assets/tradekit/banner-2.svg?lang=ja`);
      const en = await list('en');
      expect(en[1]).toMatchObject({
        title: 'Practise risk-free with a demo account',
        bannerUrl: `http://${HOST}/brand-assets/tradekit/banner-2.svg`,
      });
      const aurora = await list('ja', 'aurora');
      expect(aurora[0]).toMatchObject({
        title: 'Trade US stocks with leverage',
        bannerUrl: `http://${HOST}/brand-assets/aurora/banner-1.svg`,
      });
    });

    it('has the default brand banners in all 12 languages', async () => {
      const seen = new Set<string>();
      for (const locale of SUPPORTED_LANGUAGES) {
        const banners = await (
          await app.inject({ method: 'POST', url, headers: { host: HOST }, payload: { locale } })
        ).json<{ data: Banner[] }>().data;
        for (const banner of banners) seen.add(banner.title ?? '');
      }
      expect(seen.size).toBe(3 * SUPPORTED_LANGUAGES.length);
    });

    it('gives each brand its own banners', async () => {
      expect((await post(`${url}?brand=aurora`)).json().data).toHaveLength(10);
      expect((await post(url, { 'x-tk-brand': 'meridian' })).json().data).toHaveLength(1);
    });

    it('leaves out an inactive banner and keeps it off after the seed runs again', async () => {
      await app.db.query("update banners set active = false where brand_id = 'aurora' and sort = 2");
      await seedBrands(app.db);
      const urls = (await post(`${url}?brand=aurora`))
        .json<{ data: Banner[] }>()
        .data.map((b) => b.bannerUrl);
      expect(urls).toHaveLength(9);
      expect(urls.some((u) => u.endsWith('/banner-2.svg'))).toBe(false);
      expect(urls[1]).toMatch(/banner-3\.svg$/);
    });
  });

  describe('POST /v1/wa-na/getCustomerLink', () => {
    const url = '/v1/wa-na/getCustomerLink';
    const parse = (value: string) => {
      const [type, list] = [value.slice(0, value.indexOf('|')), value.slice(value.indexOf('|') + 1)];
      return { type: Number(type), list: JSON.parse(list) as Array<{ name: string; url: string }> };
    };

    it('answers "type|[json list]" with the online desk first and absolute on the request origin', async () => {
      const link = parse((await post(url)).json().data);
      expect(link.type).toBe(1);
      expect(link.list.map((c) => c.name)).toEqual(['online', 'telegram', 'whatsapp']);
      expect(link.list[0]?.url).toBe(`http://${HOST}/user/service?brand=tradekit`);
      expect(link.list[1]?.url).toMatch(/^https:\/\/t\.me\//);
      expect(link.list[2]?.url).toMatch(/^https:\/\/wa\.me\//);
    });

    it('lists only the channels a brand has', async () => {
      const link = parse((await post(`${url}?brand=meridian`)).json().data);
      expect(link.list).toEqual([{ name: 'online', url: `http://${HOST}/user/service?brand=meridian` }]);
    });
  });

  describe('brand seed', () => {
    it('is idempotent', async () => {
      const count = async () =>
        (
          await app.db.query<{ b: number; n: number }>(
            'select (select count(*)::int from brands) as b, (select count(*)::int from banners) as n',
          )
        ).rows[0];
      const before = await count();
      await seedBrands(app.db);
      await seedBrands(app.db);
      expect(await count()).toEqual(before);
      expect(before).toEqual({ b: 3, n: 14 });
    });
  });

  describe('default brand', () => {
    it('uses the configured default brand when it exists, else tradekit with a warning', async () => {
      const warnings: string[] = [];
      const aurora = await createBrandService(app.db, 'aurora', 'tradekit', (id) => warnings.push(id));
      expect(aurora.defaultId).toBe('aurora');
      const unknown = await createBrandService(app.db, 'nosuch', 'tradekit', (id) => warnings.push(id));
      expect(unknown.defaultId).toBe('tradekit');
      expect(warnings).toEqual(['nosuch']);
    });
  });
});
