/**
 * Issue #22: operators with the `brand` role edit a brand (BE1–BE9). What they save answers at once on
 * `/config.json`, the §3 config list and the banner list, without a restart; other roles get 403/1086; each
 * bad field is refused with 1001 naming it and nothing is written; the audit row names who changed what; and
 * seeding again at a restart leaves the edit as it is while an unedited brand still takes a changed seed. On
 * PGlite and PostgreSQL (the migration replaces a named check, the seed's upsert has a conditional jsonb merge).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_CSRF_HEADER } from '../../../src/core/contract/backoffice';
import {
  BRAND_FLAG_NAMES,
  EditableBrandSettings,
  brandEditProblems,
  isBannerLink,
  isTimeZone,
  problemOfMessage,
  type BrandEdit,
  type BrandEditable,
  type BrandListItem,
} from '../../../src/core/contract/brand-admin';
import { brandTopic } from '../../../src/core/contract/paths';
import type { Banner, RuntimeConfig, SystemConfigResponse } from '../../../src/core/contract/types';
import { ADMIN_TOKEN, admin } from '../accounts/test-app';
import { buildApp } from '../app';
import { signInOperatorAt } from '../backoffice/testing';
import { RawStompClient } from '../broker/testing/test-app';
import { appStorage, describeOnBackends, type TestDatabase } from '../db/testing';
import { EDITABLE_SETTING_KEYS } from './edit';
import { seedBrands } from './seed';
import { BRAND_SEEDS } from './seed-data';
import { SYSTEM_CONFIG_NAMES } from './system-configs';

describe('the rules of a brand edit', () => {
  it('names the free flags of the config list and the editable settings the seed leaves alone', () => {
    const derived = ['Contract', 'PHONE_REGISTER', 'depositType', 'showVerified', 'user/juniorVerified'];
    expect([...BRAND_FLAG_NAMES]).toEqual(SYSTEM_CONFIG_NAMES.filter((name) => !derived.includes(name)));
    expect([...EDITABLE_SETTING_KEYS].sort()).toEqual(Object.keys(EditableBrandSettings.properties).sort());
  });

  it.each([
    ['America/New_York', true],
    ['UTC', true],
    ['device', true],
    ['Mars/Olympus', false],
    ['America/New_York\n', false],
    ['', false],
  ])('time zone %j → %s', (zone, valid) => expect(isTimeZone(zone)).toBe(valid));

  it.each([
    ['', true],
    ['/quotation?singleTrade=5', true],
    ['https://broker.example/promo', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['javascript:alert(1)', false],
    ['ftp://broker.example', false],
    ['quotation', false],
  ])('banner link %j → %s', (url, valid) => expect(isBannerLink(url)).toBe(valid));

  it('reads the field and rule back from a refusal message', () => {
    expect(problemOfMessage('settings.colors.up: colour')).toEqual({
      field: 'settings.colors.up',
      rule: 'colour',
    });
    expect(problemOfMessage('incorrect parameter')).toBeNull();
  });
});

const HOST = 'brand-edit.test';

describeOnBackends('brand operators edit a brand', { on: 'both' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock = Date.UTC(2026, 11, 1, 9, 0, 0);
  const cookies: Record<string, string> = {};
  const operatorIds: Record<string, string> = {};

  async function operator(role: 'brand' | 'support'): Promise<void> {
    const email = `${role}@brands.example`;
    const added = (await admin(app, 'POST', '/admin/v1/operators', { email, roles: [role] })).json().data as {
      operator: { id: string };
      totpSecret: string;
      password: string;
    };
    clock += 30_000;
    operatorIds[role] = added.operator.id;
    const op = { email, password: added.password, secret: added.totpSecret };
    cookies[role] = await signInOperatorAt(app, op, clock);
  }

  const call = (role: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie: cookies[role] as string, [OPERATOR_CSRF_HEADER]: '1' },
      ...(method === 'POST' ? { payload: (payload ?? {}) as Record<string, unknown> } : {}),
    });
  const editable = async (id: string) =>
    (await call('brand', 'GET', `/admin/v1/brands/${id}`)).json<{ data: BrandEditable }>().data;
  const save = (
    id: string,
    edit: BrandEdit,
    reason = 'Campaign',
    role = 'brand',
  ): Promise<LightMyRequestResponse> => call(role, 'POST', `/admin/v1/brands/${id}`, { ...edit, reason });
  const site = (url: string, brand: string) =>
    app.inject({
      method: url.startsWith('/v1/') ? 'POST' : 'GET',
      url: `${url}?brand=${brand}`,
      headers: { host: HOST },
    });
  const runtimeConfig = async (brand: string) => (await site('/config.json', brand)).json<RuntimeConfig>();
  const systemConfig = async (brand: string) =>
    (await site('/v1/wa-na/system/systemConfig/getAllConfigStatusWeb', brand)).json<{
      data: SystemConfigResponse;
    }>().data;
  const banners = async (brand: string) =>
    (await site('/v1/wa-na/appBanner/list', brand)).json<{ data: Banner[] }>().data;
  const fingerprint = async () =>
    JSON.stringify(
      (
        await app.db.query(
          `select (select json_agg(b order by b.id) from brands b) as brands,
                  (select json_agg(n order by n.id) from banners n) as banners,
                  (select count(*) from audit_log) as audits`,
        )
      ).rows,
    );

  beforeAll(async () => {
    database = await backend.create();
    app = await buildApp({
      ...appStorage(database),
      adminToken: ADMIN_TOKEN,
      // The broker without the market: the brand's topic on the market socket is under test too (BE10).
      modules: { market: false },
      clock: { now: () => clock },
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await operator('brand');
    await operator('support');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('lists the brands, none edited yet, for the brand role only', async () => {
    const res = await call('brand', 'GET', '/admin/v1/brands');
    expect(res.json().data.list).toEqual(
      [...BRAND_SEEDS]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((seed) => ({
          id: seed.id,
          name: seed.name,
          siteTitle: seed.siteTitle,
          editedAt: null,
        })),
    );
    for (const [method, url] of [
      ['GET', '/admin/v1/brands'],
      ['GET', '/admin/v1/brands/aurora'],
      ['POST', '/admin/v1/brands/aurora'],
    ] as const) {
      const refused = await call('support', method, url, {});
      expect([refused.statusCode, refused.json().code], `${method} ${url}`).toEqual([403, 1086]);
    }
  });

  it('answers 1008 for an unknown brand, as for a missing one', async () => {
    expect((await call('brand', 'GET', '/admin/v1/brands/nosuch')).json().code).toBe(1008);
    const edit = (await editable('aurora')).edit;
    expect((await save('nosuch', edit)).json().code).toBe(1008);
  });

  it("serves a brand operator's save on the next config load, audited, without a restart", async () => {
    const before = await editable('aurora');
    expect(before.edit.flags['user/bankCard']).toBe(false);
    const oldTitle = before.edit.banners[0]?.title;
    const edit: BrandEdit = {
      ...before.edit,
      settings: {
        ...before.edit.settings,
        colors: { up: '#00AA55', down: '#cc2233' },
        tradeList: [5, 1, 3],
        languages: ['en', 'ja', 'de'],
        defaultLanguage: 'ja',
        template: 2,
        registerTypes: ['E'],
        userColors: false,
      },
      flags: { ...before.edit.flags, 'user/bankCard': true },
      banners: before.edit.banners.map((banner, i) =>
        i === 0 ? { ...banner, title: 'Winter offer', titles: { ja: '冬のキャンペーン' } } : banner,
      ),
    };
    clock += 60_000;
    const res = await save('aurora', edit, '  December campaign ');
    expect(res.json().code, res.body).toBe(0);
    const saved = res.json<{ data: BrandEditable }>().data;
    expect(saved.editedAt).toBe(clock);
    expect(saved.edit.settings.colors).toEqual({ up: '#00aa55', down: '#cc2233' });

    const config = await runtimeConfig('aurora');
    expect(config.brand).toMatchObject({
      colors: { up: '#00aa55', down: '#cc2233' },
      tradeList: [5, 1, 3],
      languages: ['en', 'ja', 'de'],
      defaultLanguage: 'ja',
      template: 2,
      userColors: false,
      theme: 'dark',
    });
    // The colours widgets show follow (A11Y3), and the logo drawn in them is asked for anew (BE6).
    expect(config.brand.readableColors?.dark.up).not.toBe(
      (await runtimeConfig('tradekit')).brand.readableColors?.dark.up,
    );
    expect(config.brand.logoUrl).toBe(`http://${HOST}/brand-assets/aurora/logo.svg?v=${clock}`);

    const flags = (await systemConfig('aurora')).systemConfigs;
    const flag = (name: string) => flags.find((entry) => entry.name === name)?.enable;
    expect(flag('user/bankCard')).toBe(true);
    // Derived from the new settings (BE5): phone sign-up is gone with registerTypes ['E'].
    expect(flag('PHONE_REGISTER')).toBe(false);
    // Kept from the brand: aurora's own switches.
    expect(flag('hideRegisterInviteCode')).toBe(true);

    const list = await banners('aurora');
    expect(list[0]).toMatchObject({
      title: 'Winter offer',
      bannerUrl: `http://${HOST}/brand-assets/aurora/banner-1.svg?v=${clock}`,
    });
    const svg = await app.inject({ method: 'GET', url: '/brand-assets/aurora/banner-1.svg?lang=ja' });
    expect(svg.body).toContain('冬のキャンペーン');

    const audit = (
      await app.db.query<{
        actor: string;
        action: string;
        object_id: string;
        before: Record<string, unknown>;
        after: Record<string, unknown>;
        reason: string;
      }>(
        `select actor, action, object_id, before, after, reason from audit_log
          where action = 'brand.update' order by id desc limit 1`,
      )
    ).rows[0];
    expect(audit).toMatchObject({
      actor: `operator:${operatorIds.brand}`,
      object_id: 'aurora',
      reason: 'December campaign',
      before: { 'settings.colors': { up: '#26a69a', down: '#ef5350' }, 'flags.user/bankCard': false },
      after: { 'settings.colors': { up: '#00aa55', down: '#cc2233' }, 'flags.user/bankCard': true },
    });
    const bannerId = before.edit.banners[0]?.id as string;
    expect(audit?.before[`banners.${bannerId}.title`]).toBe(oldTitle);
    expect(audit?.after[`banners.${bannerId}.title`]).toBe('Winter offer');
    // Only what changed is recorded.
    expect(Object.keys(audit?.after ?? {})).not.toContain('settings.theme');
    const listed = (await call('brand', 'GET', '/admin/v1/brands')).json().data.list as BrandListItem[];
    expect(listed.find((brand) => brand.id === 'aurora')?.editedAt).toBe(clock);
  });

  it('tells the pages open on the market socket of an edit: the revision at once, the new one on a save (BE10)', async () => {
    const { port } = app.server.address() as { port: number };
    const socket = await RawStompClient.open(`ws://127.0.0.1:${port}/market-ws`);
    const revision = (frame: { body: string }) => (JSON.parse(frame.body) as { revision: number }).revision;
    try {
      await socket.connect();
      // A subscriber hears the revision its config has (none yet for Meridian): a page that was away catches up.
      const [now] = await socket.subscribe(brandTopic('meridian'));
      expect(now && revision(now)).toBe(0);
      expect((await runtimeConfig('meridian')).brand.revision).toBe(0);
      await socket.subscribe(brandTopic('aurora'), 'sub-1');

      const current = (await editable('meridian')).edit;
      clock += 60_000;
      const res = await save('meridian', { ...current, siteTitle: 'Meridian Options' });
      expect(res.json().code, res.body).toBe(0);
      const told = await socket.expect('MESSAGE');
      expect([told.headers.destination, revision(told)]).toEqual([brandTopic('meridian'), clock]);
      expect((await runtimeConfig('meridian')).brand.revision).toBe(clock);

      // A refused save tells nobody; an unknown brand's topic says nothing.
      const refused = await save('meridian', { ...current, siteTitle: '' });
      expect(refused.json().code).toBe(1001);
      expect(await socket.subscribe(brandTopic('nosuch'), 'sub-2')).toEqual([]);
      expect(socket.unread).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('reorders banners, adds one and switches one off; generated images follow their place', async () => {
    const current = (await editable('meridian')).edit;
    const [only] = current.banners;
    const res = await save('meridian', {
      ...current,
      banners: [
        {
          id: null,
          active: true,
          title: 'New options desk',
          titles: {},
          linkUrl: 'https://meridian.example/desk',
        },
        { ...(only as BrandEdit['banners'][number]), active: false },
      ],
    });
    expect(res.json().code, res.body).toBe(0);
    const saved = res.json<{ data: BrandEditable }>().data;
    expect(saved.edit.banners.map((b) => [b.title, b.active])).toEqual([
      ['New options desk', true],
      [only?.title, false],
    ]);
    expect(saved.bannerImages).toEqual([
      '/brand-assets/meridian/banner-1.svg',
      '/brand-assets/meridian/banner-2.svg',
    ]);
    expect((await banners('meridian')).map((b) => b.title)).toEqual(['New options desk']);
    expect((await runtimeConfig('meridian')).brand.bannerCount).toBe(1);
  });

  it.each<[string, (edit: BrandEdit) => BrandEdit, string]>([
    [
      'a default mode not offered',
      (e) => ({ ...e, settings: { ...e.settings, tradeModes: ['market'], defaultTradeMode: 'option' } }),
      'settings.defaultTradeMode: not_offered',
    ],
    [
      'no trade mode',
      (e) => ({ ...e, settings: { ...e.settings, tradeModes: [] } }),
      'settings.tradeModes: required',
    ],
    [
      'a repeated category',
      (e) => ({ ...e, settings: { ...e.settings, tradeList: [3, 3, 1] } }),
      'settings.tradeList: duplicate',
    ],
    [
      'an empty trade list',
      (e) => ({ ...e, settings: { ...e.settings, tradeList: [] } }),
      'settings.tradeList: required',
    ],
    [
      'a named colour',
      (e) => ({ ...e, settings: { ...e.settings, colors: { up: 'green', down: '#d32f2f' } } }),
      'settings.colors.up: colour',
    ],
    [
      'a short colour',
      (e) => ({ ...e, settings: { ...e.settings, colors: { up: '#2962ff', down: '#d32' } } }),
      'settings.colors.down: colour',
    ],
    [
      'an unknown time zone',
      (e) => ({ ...e, settings: { ...e.settings, timezone: 'Europe/Atlantis' } }),
      'settings.timezone: time_zone',
    ],
    [
      'an unsupported language',
      (e) => ({ ...e, settings: { ...e.settings, languages: ['en', 'pt'] } }),
      'settings.languages: language',
    ],
    [
      'a default language not offered',
      (e) => ({ ...e, settings: { ...e.settings, defaultLanguage: 'ko', languages: ['en', 'ja'] } }),
      'settings.defaultLanguage: not_offered',
    ],
    [
      'no deposit method',
      (e) => ({ ...e, settings: { ...e.settings, depositTypes: [] } }),
      'settings.depositTypes: required',
    ],
    [
      'a lower-case symbol',
      (e) => ({ ...e, settings: { ...e.settings, homeSymbols: ['btcusdt'] } }),
      'settings.homeSymbols: symbol',
    ],
    ['a blank site title', (e) => ({ ...e, siteTitle: '   ' }), 'siteTitle: required'],
    [
      'a title in an unknown language',
      (e) => ({ ...e, siteTitles: { xx: 'Hola' } }),
      'siteTitles.xx: language',
    ],
    [
      'a missing flag',
      (e) => ({ ...e, flags: Object.fromEntries(Object.entries(e.flags).slice(1)) }),
      'flags: flag',
    ],
    [
      'an unknown flag',
      (e) => ({ ...e, flags: { ...Object.fromEntries(Object.entries(e.flags).slice(1)), bogus: true } }),
      'flags: flag',
    ],
    [
      'a javascript: link',
      (e) => ({ ...e, banners: e.banners.map((b) => ({ ...b, linkUrl: 'javascript:alert(1)' })) }),
      'banners.0.linkUrl: url',
    ],
    [
      "another brand's banner",
      (e) => ({
        ...e,
        banners: [...e.banners, { ...(e.banners[0] as BrandEdit['banners'][number]), id: '999999' }],
      }),
      'banners.3: unknown_banner',
    ],
    ['a banner left out', (e) => ({ ...e, banners: [] }), 'banners: required'],
    [
      "an app token with a space ('only trust app')",
      (e) => ({
        ...e,
        settings: { ...e.settings, trustedApp: { userAgent: 'Aurora App', url: 'https://a.example' } },
      }),
      'settings.trustedApp.userAgent: text',
    ],
    [
      "an app address that is not http(s) ('only trust app')",
      (e) => ({
        ...e,
        settings: { ...e.settings, trustedApp: { userAgent: 'AuroraApp', url: 'javascript:alert(1)' } },
      }),
      'settings.trustedApp.url: url',
    ],
  ])('refuses %s with 1001 naming the field, and writes nothing', async (_name, change, msg) => {
    const current = (await editable('tradekit')).edit;
    const before = await fingerprint();
    const res = await save('tradekit', change(current));
    expect(res.json()).toEqual({ code: 1001, msg, data: null });
    expect(await fingerprint()).toBe(before);
  });

  it("turns 'only trust app' on and off: /config.json names the app, then does not (BA1)", async () => {
    const current = (await editable('meridian')).edit;
    const app = { userAgent: 'MeridianApp', url: 'https://apps.example/meridian' };
    const on = await save('meridian', { ...current, settings: { ...current.settings, trustedApp: app } });
    expect(on.json().code).toBe(0);
    expect((await runtimeConfig('meridian')).brand.trustedApp).toEqual(app);
    expect((await editable('meridian')).edit.settings.trustedApp).toEqual(app);
    const off = await save('meridian', { ...current, settings: { ...current.settings, trustedApp: null } });
    expect(off.json().code).toBe(0);
    expect('trustedApp' in (await runtimeConfig('meridian')).brand).toBe(false);
  });

  it('refuses a blank reason, control characters and oversized input without writing', async () => {
    const current = (await editable('tradekit')).edit;
    const before = await fingerprint();
    expect((await save('tradekit', current, '  ')).json().msg).toBe('reason: required');
    expect((await save('tradekit', { ...current, siteTitle: 'Trade\u0007Kit' })).json().code).toBe(1001);
    expect((await save('tradekit', { ...current, siteTitle: 'x'.repeat(121) })).json().code).toBe(1001);
    const tooMany = Array.from({ length: 21 }, () => ({
      id: null,
      active: true,
      title: 'x',
      titles: {},
      linkUrl: '',
    }));
    expect((await save('tradekit', { ...current, banners: tooMany })).json().code).toBe(1001);
    expect((await call('brand', 'POST', '/admin/v1/brands/tradekit', { reason: 'x' })).json().code).toBe(
      1001,
    );
    expect(await fingerprint()).toBe(before);
  });

  it('keeps an edit when the brands are seeded again (a restart), while an unedited brand takes a changed seed', async () => {
    const aurora = await editable('aurora');
    const changed = BRAND_SEEDS.map((seed) => ({
      ...seed,
      siteTitle: `${seed.siteTitle} (new seed)`,
      contacts: { ...seed.contacts, email: `new-${seed.contacts.email}` },
      settings: { ...seed.settings, colors: { up: '#123456', down: '#654321' } },
      banners: seed.banners.map((banner) => ({ ...banner, title: `${banner.title} (new seed)` })),
    }));
    await seedBrands(app.db, changed);
    await app.brand.reload();
    expect(await editable('aurora')).toEqual(aurora);
    const config = await runtimeConfig('aurora');
    expect(config.brand.colors).toEqual({ up: '#00aa55', down: '#cc2233' });
    // What operators do not edit still comes from the seed.
    expect(config.support.email).toBe('new-help@aurora.example');
    const tradekit = await runtimeConfig('tradekit');
    expect(tradekit.siteTitle).toBe('TradeKit — Trade global markets (new seed)');
    expect(tradekit.brand.colors).toEqual({ up: '#123456', down: '#654321' });
    expect((await banners('tradekit'))[0]?.title).toBe(
      'Forex, commodities, indices and crypto in one account (new seed)',
    );
  });

  it('runs the same rules in the browser and on the server', () => {
    const ok = brandEditProblems(
      {
        siteTitle: 'T',
        siteTitles: {},
        settings: {
          tradeModes: ['market'],
          defaultTradeMode: 'market',
          tradeList: [1],
          theme: 'light',
          colors: { up: '#000000', down: '#ffffff' },
          userColors: true,
          timezone: 'device',
          languages: ['en'],
          defaultLanguage: 'en',
          registerTypes: ['E'],
          depositTypes: ['crypto'],
          verifyStyle: 'both',
          template: 1,
          homeSymbols: ['BTCUSDT'],
          trustedApp: null,
        },
        flags: Object.fromEntries(BRAND_FLAG_NAMES.map((name) => [name, false])),
        banners: [],
      },
      [],
    );
    expect(ok).toEqual([]);
  });
});
