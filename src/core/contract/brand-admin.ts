/**
 * Operators edit a brand (issue #22, decisions BE1–BE9): the brands, one brand's editable settings, and the
 * update, for operators with the `brand` role. Registered by `server/src/brand/admin-routes.ts`, called by the
 * back office's Brands page (src/backoffice/brands-page.tsx). The rules an edit must keep are one function,
 * {@link brandEditProblems}, that the page runs before it sends and the server runs again before it writes.
 */
import { Code } from './codes';
import { DEPOSIT_METHODS } from './deposits';
import { endpoint } from './endpoint';
import { isLanguage } from './languages';
import { EpochMs, Nullable, Obj, OneOf, Str, T, type Static } from './schema';
import type { Translations } from './translations';

const TAG = 'backoffice';
/** Only brand operators edit brands; their settings are not personal data, so reading them is not audited. */
const BRAND_ROLES = ['brand'] as const;

/** Longest site title and banner title, in any language. */
export const BRAND_TITLE_MAX = 120;
/** Longest banner link. */
export const BRAND_URL_MAX = 300;
/** Most banners a brand has (active or not). */
export const BANNERS_MAX = 20;
/** Most home symbols. */
export const HOME_SYMBOLS_MAX = 12;
/** Longest app token of 'only trust app' (BA1). */
export const APP_TOKEN_MAX = 60;
/** Longest reason of an edit (as the reasons of the review queues). */
export const BRAND_REASON_MAX = 500;

/** The trade categories a brand may list (spec §9), as `CategoryId` of ./types. */
export const TRADE_CATEGORIES = [1, 2, 3, 4, 5] as const;
export const TRADE_MODES = ['market', 'option'] as const;
export const REGISTER_TYPES = ['E', 'P'] as const;
export const VERIFY_STYLES = ['junior', 'advanced', 'both'] as const;

/**
 * The switches of spec §3 and §6 a brand chooses freely (`BrandFlags` of server/src/brand/system-configs.ts;
 * the other config names follow from the settings), in the order the config list has them.
 */
export const BRAND_FLAG_NAMES = [
  'VIRTUAL_CURRENCY_TRADE',
  'OptionMock',
  'user/bindEmail',
  'user/privacy',
  'user/bankCard',
  'NO_WALLET_WITHDRAW',
  'depositBanNewFlow',
  'depositHideCrypto',
  'depositHideQRCode',
  'disableDeposit',
  'twoTypeVerified',
  'addVerifiedEmail',
  'hideRegisterInviteCode',
  'canBindEmail',
  'user/myWallet',
  'user/loan',
  'user/standards',
  'user/cryptoWallet',
  'PHONE_SMS_VERIFY',
] as const;
export type BrandFlagName = (typeof BRAND_FLAG_NAMES)[number];

/** Texts in other languages than English, by language code. */
const Titles = () =>
  T.Record(T.String({ maxLength: 8 }), Str(BRAND_TITLE_MAX), {
    maxProperties: 16,
    description: 'The text by language code (English is the text itself)',
  });

/** The brand settings an operator edits (`BrandSettings` without its id, name, logo and banner count). */
export const EditableBrandSettings = Obj({
  tradeModes: T.Array(OneOf(TRADE_MODES), { maxItems: 2 }),
  defaultTradeMode: OneOf(TRADE_MODES),
  tradeList: T.Array(OneOf(TRADE_CATEGORIES), {
    maxItems: 5,
    description: 'The category tabs in order (1 cryptos, 2 commodities, 3 forex, 4 indices, 5 US stocks)',
  }),
  theme: OneOf(['light', 'dark'] as const),
  colors: Obj({
    up: Str(7, { description: '#rrggbb' }),
    down: Str(7, { description: '#rrggbb' }),
  }),
  userColors: T.Boolean({ description: 'Whether a trader may choose their own up/down colours' }),
  timezone: Str(64, { description: 'An IANA time zone, or `device` for the zone of the reader’s device' }),
  languages: T.Array(Str(8), { maxItems: 12, description: 'Languages offered, in menu order' }),
  defaultLanguage: Str(8),
  registerTypes: T.Array(OneOf(REGISTER_TYPES), { maxItems: 2 }),
  depositTypes: T.Array(OneOf(DEPOSIT_METHODS), { maxItems: DEPOSIT_METHODS.length }),
  verifyStyle: OneOf(VERIFY_STYLES),
  template: OneOf([1, 2] as const),
  homeSymbols: T.Array(Str(20), { maxItems: HOME_SYMBOLS_MAX }),
  trustedApp: Nullable(
    Obj(
      {
        userAgent: Str(APP_TOKEN_MAX, { description: "The token the brand's app puts in its user agent" }),
        url: Str(BRAND_URL_MAX, { description: 'Where the app is got (http or https)' }),
      },
      "'Only trust app' (BA1): other browsers see a page of their own; null: every browser",
    ),
  ),
});
export type EditableBrandSettings = Static<typeof EditableBrandSettings>;

/** One home banner as an operator edits it; `id` null for a new one (its image is generated from its title). */
export const BannerEdit = Obj({
  id: Nullable(Str(18, { pattern: '^[1-9][0-9]{0,17}$' })),
  active: T.Boolean(),
  title: Str(BRAND_TITLE_MAX),
  titles: Titles(),
  linkUrl: Str(BRAND_URL_MAX, { description: 'http(s) or root-relative; empty: no link' }),
});
export type BannerEdit = Static<typeof BannerEdit>;

/** Everything an operator edits of a brand. */
const EDIT_FIELDS = {
  siteTitle: Str(BRAND_TITLE_MAX),
  siteTitles: Titles(),
  settings: EditableBrandSettings,
  flags: T.Record(T.String({ maxLength: 40 }), T.Boolean(), {
    maxProperties: BRAND_FLAG_NAMES.length,
    description: 'Every switch of BRAND_FLAG_NAMES, each true or false',
  }),
  /** In display order. */
  banners: T.Array(BannerEdit, { maxItems: BANNERS_MAX }),
};
export const BrandEdit = Obj(EDIT_FIELDS);
export type BrandEdit = Static<typeof BrandEdit>;

/** A brand in the list. */
export const BrandListItem = Obj({
  id: T.String(),
  name: T.String(),
  siteTitle: T.String(),
  /** When an operator last saved it; null: never (the seeds own it). */
  editedAt: Nullable(EpochMs()),
});
export type BrandListItem = Static<typeof BrandListItem>;

/** A brand as the Brands page edits it: what it is now, and the banner images beside their titles. */
export const BrandEditable = Obj({
  id: T.String(),
  name: T.String(),
  editedAt: Nullable(EpochMs()),
  edit: BrandEdit,
  /** The banners' image URLs (root-relative or absolute), in the order of `edit.banners`. */
  bannerImages: T.Array(T.String()),
});
export type BrandEditable = Static<typeof BrandEditable>;

const BrandId = () => Str(64, { minLength: 1 });

export const ListBrands = endpoint({
  service: 'admin',
  path: 'brands',
  access: 'admin',
  roles: BRAND_ROLES,
  methods: ['GET'],
  tag: TAG,
  summary: 'Every brand with its site title and when an operator last saved it',
  input: Obj({}),
  data: Obj({ list: T.Array(BrandListItem) }),
  codes: [],
});

export const GetBrand = endpoint({
  service: 'admin',
  path: 'brands/{id}',
  access: 'admin',
  roles: BRAND_ROLES,
  methods: ['GET'],
  tag: TAG,
  summary: "A brand's editable settings, flags, site title and banners; 1008 for an unknown id",
  input: Obj({ id: BrandId() }),
  data: BrandEditable,
  codes: [Code.DATA_NOT_FOUND],
});

export const UpdateBrand = endpoint({
  service: 'admin',
  path: 'brands/{id}',
  access: 'admin',
  roles: BRAND_ROLES,
  tag: TAG,
  summary:
    'Save a brand: the whole editable set and a reason, audited (`brand.update`, with the fields that changed). ' +
    'Pages and widgets get it on their next config load (decision BE1). 1001 with `msg` "<field>: <rule>" ' +
    '(rules of brandEditProblems); 1008 for an unknown id',
  input: Obj({ id: BrandId(), ...EDIT_FIELDS, reason: Str(BRAND_REASON_MAX) }),
  data: BrandEditable,
  codes: [Code.INCORRECT_PARAMETER, Code.DATA_NOT_FOUND],
});

/** Why a field is refused (the back office's `backoffice.brands.rule.<rule>` text). */
export type BrandEditRule =
  | 'required'
  | 'duplicate'
  | 'not_offered'
  | 'colour'
  | 'time_zone'
  | 'language'
  | 'symbol'
  | 'url'
  | 'text'
  | 'flag'
  | 'unknown_banner';

/** One refused field: its path (`colors.up`, `banners.2.titles.ja`) and the rule it breaks. */
export interface BrandEditProblem {
  field: string;
  rule: BrandEditRule;
}

const COLOUR = /^#[0-9a-fA-F]{6}$/;
/** A user-agent token: one word of letters, digits and `._/-` (a user agent separates its tokens by spaces). */
const APP_TOKEN = /^[A-Za-z0-9._/-]{2,60}$/;
const SYMBOL = /^[A-Z0-9][A-Z0-9._-]{0,19}$/;
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/;

/** Whether Intl knows `zone` (an IANA zone or link, e.g. America/New_York, UTC), or it is `device`. */
export function isTimeZone(zone: string): boolean {
  if (zone === 'device') return true;
  if (!ZONE_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A link a banner may have: http(s) with a host, or a path of this site (`/quotation`); '' is none. */
export function isBannerLink(url: string): boolean {
  if (url === '') return true;
  if (/^\/(?![/\\])/.test(url)) return !/\s/.test(url);
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.host !== '';
  } catch {
    return false;
  }
}

/** An address an app is got from: http(s) with a host. */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.host !== '';
  } catch {
    return false;
  }
}

/** A text that is not blank (when required), has no control character and fits. */
const textRule = (text: string, required: boolean): BrandEditRule | null =>
  required && text.trim() === ''
    ? 'required'
    : CONTROL.test(text) || text.length > BRAND_TITLE_MAX
      ? 'text'
      : null;

function duplicates<T>(values: readonly T[]): boolean {
  return new Set(values).size !== values.length;
}

function translationProblems(
  field: string,
  titles: Translations,
  add: (f: string, r: BrandEditRule) => void,
) {
  for (const [language, text] of Object.entries(titles)) {
    if (!isLanguage(language) || language === 'en') add(`${field}.${language}`, 'language');
    else {
      const rule = textRule(text ?? '', false);
      if (rule) add(`${field}.${language}`, rule);
    }
  }
}

function listProblems(settings: EditableBrandSettings, add: (f: string, r: BrandEditRule) => void) {
  const lists = {
    tradeModes: settings.tradeModes,
    tradeList: settings.tradeList,
    languages: settings.languages,
    registerTypes: settings.registerTypes,
    depositTypes: settings.depositTypes,
    homeSymbols: settings.homeSymbols,
  };
  for (const [name, list] of Object.entries(lists) as Array<[string, readonly unknown[]]>) {
    if (list.length === 0) add(`settings.${name}`, 'required');
    else if (duplicates(list)) add(`settings.${name}`, 'duplicate');
  }
  if (!settings.tradeModes.includes(settings.defaultTradeMode))
    add('settings.defaultTradeMode', 'not_offered');
  if (settings.tradeList.some((id) => !(TRADE_CATEGORIES as readonly number[]).includes(id)))
    add('settings.tradeList', 'not_offered');
  if (!settings.languages.every(isLanguage)) add('settings.languages', 'language');
  if (!settings.languages.includes(settings.defaultLanguage)) add('settings.defaultLanguage', 'not_offered');
  if (!settings.homeSymbols.every((symbol) => SYMBOL.test(symbol))) add('settings.homeSymbols', 'symbol');
}

/**
 * What is wrong with an edit, field by field (empty: it may be saved). `knownBanners` are the ids of the
 * brand's banners: an edit keeps all of them, may add new ones, and never names another brand's.
 */
export function brandEditProblems(edit: BrandEdit, knownBanners: readonly string[]): BrandEditProblem[] {
  const problems: BrandEditProblem[] = [];
  const add = (field: string, rule: BrandEditRule) => {
    if (!problems.some((problem) => problem.field === field)) problems.push({ field, rule });
  };
  const title = textRule(edit.siteTitle, true);
  if (title) add('siteTitle', title);
  translationProblems('siteTitles', edit.siteTitles, add);
  const { settings } = edit;
  listProblems(settings, add);
  for (const side of ['up', 'down'] as const)
    if (!COLOUR.test(settings.colors[side])) add(`settings.colors.${side}`, 'colour');
  if (!isTimeZone(settings.timezone)) add('settings.timezone', 'time_zone');
  if (settings.trustedApp) {
    if (!APP_TOKEN.test(settings.trustedApp.userAgent)) add('settings.trustedApp.userAgent', 'text');
    if (!isAppUrl(settings.trustedApp.url)) add('settings.trustedApp.url', 'url');
  }
  const flags = Object.keys(edit.flags);
  if (flags.length !== BRAND_FLAG_NAMES.length || !BRAND_FLAG_NAMES.every((name) => name in edit.flags))
    add('flags', 'flag');
  const ids = edit.banners.flatMap((banner) => (banner.id === null ? [] : [banner.id]));
  if (duplicates(ids)) add('banners', 'duplicate');
  // Banners are switched off, never deleted (the seeds' rule too): every one the brand has stays in the list.
  if (!knownBanners.every((id) => ids.includes(id))) add('banners', 'required');
  edit.banners.forEach((banner, i) => {
    if (banner.id !== null && !knownBanners.includes(banner.id)) add(`banners.${i}`, 'unknown_banner');
    const rule = textRule(banner.title, true);
    if (rule) add(`banners.${i}.title`, rule);
    translationProblems(`banners.${i}.titles`, banner.titles, add);
    if (!isBannerLink(banner.linkUrl)) add(`banners.${i}.linkUrl`, 'url');
  });
  return problems;
}

/** The problem a refusal of UpdateBrand names in its `msg` ("settings.colors.up: colour"), or null. */
export function problemOfMessage(msg: string): BrandEditProblem | null {
  const match = /^([\w./-]+): ([a-z_]+)$/.exec(msg);
  return match ? { field: match[1] as string, rule: match[2] as BrandEditRule } : null;
}
