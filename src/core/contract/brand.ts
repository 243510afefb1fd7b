/**
 * Brand and site configuration (spec §1, §7 public paths): feature flags, banners, the customer-service link,
 * and the non-envelope resources of a brand — `/config.json`, the live-chat page, generated images.
 */
import { endpoint, fillPath, resource } from './endpoint';
import { Obj, OneOf, Str, T, type Static } from './schema';

/** One entry of `system/systemConfig/getAllConfigStatusWeb` (spec §3 Config). */
export const SystemConfigEntry = Obj({
  name: T.String(),
  enable: T.Boolean(),
  value: T.Optional(T.String()),
});
export type SystemConfigEntry = Static<typeof SystemConfigEntry>;

export const SystemConfigResponse = Obj({
  systemConfigs: T.Array(SystemConfigEntry),
  walletType: OneOf([0, 1], '1: deposits use the user’s own wallet list'),
});
export type SystemConfigResponse = Static<typeof SystemConfigResponse>;

/** spec §3 Banner. */
export const Banner = Obj({
  bannerUrl: T.String(),
  linkUrl: T.Optional(T.String()),
  title: T.Optional(T.String()),
});
export type Banner = Static<typeof Banner>;

const none = Obj({});

export const systemConfig = endpoint({
  service: 'api',
  path: 'wa-na/system/systemConfig/getAllConfigStatusWeb',
  access: 'public',
  methods: ['POST', 'GET'],
  tag: 'brand',
  summary: 'System configs and feature flags of the brand',
  input: none,
  data: SystemConfigResponse,
  codes: [],
});

export const bannerList = endpoint({
  service: 'api',
  path: 'wa-na/appBanner/list',
  access: 'public',
  methods: ['POST', 'GET'],
  tag: 'brand',
  summary:
    'Active home banners of the brand, in display order; with `locale`, titles and generated images in that ' +
    'language where the brand has it (English otherwise)',
  input: Obj({ locale: T.Optional(Str(16, { description: 'Language code, e.g. ja or zh-tw' })) }),
  data: T.Array(Banner),
  codes: [],
});

export const customerLink = endpoint({
  service: 'api',
  path: 'wa-na/getCustomerLink',
  access: 'public',
  methods: ['POST', 'GET'],
  tag: 'brand',
  summary: 'Service link value "type|[json list]" (spec §3, §4 service link type)',
  input: none,
  data: T.String(),
  codes: [],
});

const Url = (description: string) => T.String({ description });

/** The schema of `/config.json` (`RuntimeConfig` of ./types), for the OpenAPI document. */
export const RuntimeConfigFile = Obj({
  siteTitle: T.String(),
  siteTitles: T.Optional(
    T.Record(T.String(), T.String(), { description: 'The site title by language code' }),
  ),
  version: T.String(),
  brand: Obj({
    id: T.String(),
    name: T.String(),
    logoUrl: Url('Absolute URL of the brand logo'),
    defaultTradeMode: OneOf(['market', 'option'] as const),
    tradeModes: T.Array(OneOf(['market', 'option'] as const)),
    tradeList: T.Array(OneOf([1, 2, 3, 4, 5] as const), { description: 'Order of the category tabs' }),
    theme: OneOf(['light', 'dark'] as const),
    colors: Obj({ up: T.String(), down: T.String() }),
    userColors: T.Optional(
      T.Boolean({ description: 'Whether a trader may choose their own up/down colours (absent: true)' }),
    ),
    readableColors: T.Optional(
      Obj(
        {
          light: Obj({ up: T.String(), down: T.String() }),
          dark: Obj({ up: T.String(), down: T.String() }),
        },
        'The up/down colours made readable (WCAG 4.5:1) on each theme, which widgets use; `colors` as set',
      ),
    ),
    timezone: T.String(),
    languages: T.Array(T.String()),
    defaultLanguage: T.String(),
    registerTypes: T.Array(OneOf(['E', 'P'] as const)),
    depositTypes: T.Array(T.String()),
    verifyStyle: OneOf(['junior', 'advanced', 'both'] as const),
    template: OneOf([1, 2] as const),
    bannerCount: T.Integer({ minimum: 0 }),
    homeSymbols: T.Array(T.String()),
    revision: T.Optional(
      T.Integer({
        minimum: 0,
        description:
          'When the brand was last edited (ms since 1970, 0: never); `/topic/brand.<id>` names the current one (BE10)',
      }),
    ),
    trustedApp: T.Optional(
      Obj(
        { userAgent: T.String({ minLength: 1 }), url: Url('Where the app is got') },
        "'Only trust app': the token the brand's app puts in its user agent; other browsers see a page of their own",
      ),
    ),
  }),
  support: Obj({
    url: Url('Absolute URL of the customer-service page'),
    telegram: T.String(),
    whatsapp: T.String(),
    email: T.String(),
  }),
  services: Obj({
    api: Url('Web API base'),
    market: Url('Market service base'),
    marketWs: Url('Market socket'),
    exchange: Url('Exchange (order) service base'),
    exchangeWs: Url('Exchange socket'),
  }),
  fetchTimeout: T.Number({ minimum: 0, description: 'Default fetch timeout in seconds (0: none)' }),
  tokenStorage: T.Optional(
    OneOf(
      ['cookie', 'spec'] as const,
      "Where sessions keep their tokens: 'cookie' (default; refresh token in an HttpOnly cookie) or 'spec' (local storage, for a backend without the cookie)",
    ),
  ),
});

export const runtimeConfigFile = resource({
  service: 'site',
  path: 'config.json',
  access: 'public',
  tag: 'brand',
  summary: 'Runtime configuration of the brand: site title, version, brand settings, support, service URLs',
  input: none,
  produces: ['application/json'],
  answer: RuntimeConfigFile,
});

/**
 * The brand's web app manifest (issue #25): the site installs as an app with the brand's name, logo and colours,
 * opening at `/` in its own window; the host's page links it. Ours, not in the spec.
 */
export const webManifestFile = resource({
  service: 'site',
  path: 'manifest.webmanifest',
  access: 'public',
  tag: 'brand',
  summary: "The brand's web app manifest: name, logo, colours, start page",
  input: none,
  produces: ['application/manifest+json'],
});

export const brandAsset = resource({
  service: 'site',
  path: 'brand-assets/{brand}/{file}',
  access: 'public',
  tag: 'brand',
  summary:
    'Generated brand images: `logo.svg` and `banner-<n>.svg` (title in `lang`, English fallback); both follow ' +
    'the light or dark colour scheme of the page showing them',
  input: Obj({
    brand: Str(64, { minLength: 1 }),
    file: Str(64, { minLength: 1 }),
    lang: T.Optional(Str(16)),
  }),
  produces: ['image/svg+xml'],
});

/** Root-relative URLs of the brand resources above, filled. */
export const brandLogoPath = (brand: string) => `/${fillPath(brandAsset.path, { brand, file: 'logo.svg' })}`;
export const brandBannerPath = (brand: string, n: number, lang?: string) =>
  `/${fillPath(brandAsset.path, { brand, file: `banner-${n}.svg` })}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`;
/**
 * The online channel of a brand's service links: the app's own customer-service page (`/user/service`), where
 * the live support chat runs (issue #21; the static "online 24/7" page with nobody behind it is gone).
 */
export const servicePagePath = (brand: string) => `/user/service?brand=${encodeURIComponent(brand)}`;

/**
 * Whether a brand offers a trade category (spec §1 quote categories, §9 trade list): its trade list is the one
 * rule for the quotation tabs, the product list and search, and what the order endpoints accept.
 */
export function brandOffersCategory(brand: { tradeList: readonly number[] }, type: number): boolean {
  return brand.tradeList.includes(type);
}
