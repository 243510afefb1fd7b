import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '../../../src/core/contract/types';
import { contrastRatio, MIN_TEXT_CONTRAST, THEME_BACKDROPS } from '../../../src/core/domain/contrast';
import { buildApp } from '../app';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import { buildRuntimeConfig } from './runtime-config';
import { seedBrands } from './seed';

describeOnBackends('brand pages', { on: 'any' }, (backend) => {
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

  describe('GET /config.json', () => {
    it('answers the runtime config, not an envelope, with version 1.152 and no caching', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/config.json',
        headers: { host: 'localhost:8080' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const config = res.json<RuntimeConfig>();
      expect(config).not.toHaveProperty('code');
      expect(config.version).toBe('1.152');
      expect(config.fetchTimeout).toBe(0);
      expect(config.siteTitle).toContain('TradeKit');
      expect(config.brand).toMatchObject({
        id: 'tradekit',
        tradeList: [3, 2, 1, 4, 5],
        theme: 'light',
        bannerCount: 3,
      });
      expect(config.brand.colors).toEqual({ up: '#2962ff', down: '#d32f2f' });
      // As widgets show them (A11Y3): the brand's pair on light pages, lightened just enough for the dark surface.
      expect(config.brand.readableColors?.light).toEqual({ up: '#2962ff', down: '#d32f2f' });
      const dark = config.brand.readableColors?.dark;
      for (const colour of [dark?.up, dark?.down]) {
        expect(contrastRatio(colour ?? '', THEME_BACKDROPS.dark)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
      expect(dark).not.toEqual(config.brand.colors);
      expect(config.siteTitle).toBe('TradeKit — Trade global markets');
      expect(config.siteTitles).toMatchObject({
        ja: 'TradeKit — 世界の市場で取引',
        de: 'TradeKit — Weltweite Märkte handeln',
      });
      expect(Object.keys(config.siteTitles ?? {})).toHaveLength(11);
      expect(config.brand.languages).toHaveLength(12);
    });

    it('puts every service on the origin of the request', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/config.json',
        headers: { host: 'trade.test:9000' },
      });
      const config = res.json<RuntimeConfig>();
      expect(config.services).toEqual({
        api: 'http://trade.test:9000/v1',
        market: 'http://trade.test:9000/market',
        marketWs: 'ws://trade.test:9000/market-ws',
        exchange: 'http://trade.test:9000/exchange',
        exchangeWs: 'ws://trade.test:9000/exchange-ws',
      });
      expect(config.brand.logoUrl).toBe('http://trade.test:9000/brand-assets/tradekit/logo.svg');
      expect(config.support.url).toBe('http://trade.test:9000/user/service?brand=tradekit');
    });

    it('ignores forwarded headers unless the proxy is trusted, and a malformed Host', async () => {
      const forwarded = await app.inject({
        method: 'GET',
        url: '/config.json',
        headers: { host: 'trade.test', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
      });
      expect(forwarded.json<RuntimeConfig>().services.api).toBe('http://trade.test/v1');
      const bad = await app.inject({ method: 'GET', url: '/config.json', headers: { host: 'x"><script>' } });
      expect(bad.json<RuntimeConfig>().services.api).toBe('http://localhost/v1');
    });

    it('chooses the brand by the host name the browser reached, after the query and the header (BH1)', async () => {
      const brandOn = async (headers: Record<string, string>, url = '/config.json') =>
        (await app.inject({ method: 'GET', url, headers })).json<RuntimeConfig>();
      const meridian = await brandOn({ host: 'meridian.localhost:9000' });
      expect(meridian.brand.id).toBe('meridian');
      expect(meridian.services.api).toBe('http://meridian.localhost:9000/v1');
      expect((await brandOn({ host: 'AURORA.localhost' })).brand.id).toBe('aurora');
      // An unknown name, and a forwarded one from a proxy this server does not trust, give the default.
      expect((await brandOn({ host: 'nobody.localhost' })).brand.id).toBe('tradekit');
      expect((await brandOn({ host: 'trade.test', 'x-forwarded-host': 'aurora.localhost' })).brand.id).toBe(
        'tradekit',
      );
      // What the page asks for wins over where it is.
      expect((await brandOn({ host: 'aurora.localhost' }, '/config.json?brand=meridian')).brand.id).toBe(
        'meridian',
      );
      expect((await brandOn({ host: 'aurora.localhost', 'x-tk-brand': 'tradekit' })).brand.id).toBe(
        'tradekit',
      );
    });

    it('gives a host name to one brand at most, and keeps a name an operator moved when seeding again', async () => {
      await expect(
        app.db.query(`insert into brand_hosts (host, brand_id) values ('aurora.localhost', 'meridian')`),
      ).rejects.toThrow(/duplicate key|unique/i);
      await expect(
        app.db.query(`insert into brand_hosts (host, brand_id) values ('Upper.Example', 'meridian')`),
      ).rejects.toThrow(/check constraint/i);
      await app.db.query(`update brand_hosts set brand_id = 'tradekit' where host = 'aurora.localhost'`);
      try {
        await seedBrands(app.db);
        const { rows } = await app.db.query<{ brand_id: string }>(
          `select brand_id from brand_hosts where host = 'aurora.localhost'`,
        );
        expect(rows).toEqual([{ brand_id: 'tradekit' }]);
      } finally {
        await app.db.query(`update brand_hosts set brand_id = 'aurora' where host = 'aurora.localhost'`);
      }
    });

    it('answers the settings of the brand asked for', async () => {
      const res = await app.inject({ method: 'GET', url: '/config.json?brand=aurora' });
      const { brand, support } = res.json<RuntimeConfig>();
      expect(brand).toMatchObject({
        id: 'aurora',
        theme: 'dark',
        tradeList: [5, 3, 1, 2, 4],
        template: 1,
        bannerCount: 10,
      });
      expect(brand.timezone).toBe('Europe/London');
      expect(brand.languages.some((lang) => lang.startsWith('zh') || lang === 'id')).toBe(false);
      expect(support.telegram).toMatch(/^https:\/\/t\.me\//);
      const meridian = (
        await app.inject({ method: 'GET', url: '/config.json', headers: { 'x-tk-brand': 'meridian' } })
      ).json<RuntimeConfig>();
      expect(meridian.brand).toMatchObject({
        defaultTradeMode: 'option',
        registerTypes: ['E'],
        timezone: 'Africa/Abidjan',
        bannerCount: 1,
      });
    });

    it('uses the configured public origin with wss for https', () => {
      const brand = app.brand.get('tradekit');
      if (!brand) throw new Error('tradekit not seeded');
      const config = buildRuntimeConfig(brand, 'https://trade.example');
      expect(config.services.marketWs).toBe('wss://trade.example/market-ws');
      expect(config.services.exchangeWs).toBe('wss://trade.example/exchange-ws');
      expect(config.services.api).toBe('https://trade.example/v1');
    });
  });

  describe('GET /support/chat', () => {
    it("is gone: the online channel is the app's own service page with the live chat (issue #21)", async () => {
      expect(app.hasRoute({ method: 'GET', url: '/support/chat' })).toBe(false);
      const res = await app.inject({ method: 'GET', url: '/support/chat?brand=aurora' });
      expect(res.body).not.toContain('online 24/7');
    });
  });

  describe('GET /brand-assets/{brand}/{file}', () => {
    it('renders a banner as SVG with its title in the brand colours, loadable cross-origin', async () => {
      const res = await app.inject({ method: 'GET', url: '/brand-assets/aurora/banner-10.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(res.body).toContain('Support on Telegram and WhatsApp');
      expect(res.body).toContain('#26a69a');
    });

    it('draws the title in the language asked for, English when the banner has none in it', async () => {
      const ja = await app.inject({ method: 'GET', url: '/brand-assets/tradekit/banner-2.svg?lang=ja' });
      expect(ja.body).toContain('デモ口座でリスクなしで練習');
      const th = await app.inject({ method: 'GET', url: '/brand-assets/tradekit/banner-2.svg?lang=th' });
      expect(th.body).toContain('ฝึกเทรดแบบไร้ความเสี่ยง');
      const unknown = await app.inject({ method: 'GET', url: '/brand-assets/tradekit/banner-2.svg?lang=xx' });
      expect(unknown.body).toContain('Practise risk-free with a demo account');
      const aurora = await app.inject({ method: 'GET', url: '/brand-assets/aurora/banner-1.svg?lang=ja' });
      expect(aurora.body).toContain('Trade US stocks with leverage');
    });

    it('follows the page colour scheme: light colours, dark ones under prefers-color-scheme', async () => {
      for (const url of ['/brand-assets/tradekit/banner-1.svg', '/brand-assets/tradekit/logo.svg']) {
        const body = (await app.inject({ method: 'GET', url })).body;
        expect(body).toContain('.ink{fill:#131722}');
        expect(body).toContain('@media (prefers-color-scheme: dark){');
        expect(body).toContain('.ink{fill:#d1d4dc}');
      }
      const banner = (await app.inject({ method: 'GET', url: '/brand-assets/tradekit/banner-1.svg' })).body;
      expect(banner).toContain('.from{stop-color:#131722}');
    });

    it('renders the same banner identically each time', async () => {
      const a = await app.inject({ method: 'GET', url: '/brand-assets/tradekit/banner-1.svg' });
      const b = await app.inject({ method: 'GET', url: '/brand-assets/tradekit/banner-1.svg' });
      expect(a.body).toBe(b.body);
    });

    it('renders the logo with the brand name', async () => {
      const res = await app.inject({ method: 'GET', url: '/brand-assets/meridian/logo.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Meridian Options');
    });

    it.each([
      '/brand-assets/aurora/banner-11.svg',
      '/brand-assets/nosuch/logo.svg',
      '/brand-assets/aurora/logo.png',
    ])('answers 404 for %s', async (url) => {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    });
  });
});
