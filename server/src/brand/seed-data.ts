import type { BrandSettings, ServiceConfig } from '../../../src/core/contract/types';
import type { BrandFlags } from './system-configs';
import { SUPPORTED_LANGUAGES } from '../../../src/core/contract/languages';
import type { Translations } from '../../../src/core/contract/translations';
import { TRADEKIT_BANNER_TITLES, TRADEKIT_SITE_TITLES } from './seed-texts';

/** A brand as written in code: reference data upserted at every start. */
export interface BrandSeed {
  id: string;
  name: string;
  siteTitle: string;
  /** The site title in other languages (English is `siteTitle`, also the fallback). */
  siteTitles?: Translations;
  settings: Omit<BrandSettings, 'id' | 'name' | 'logoUrl' | 'bannerCount'>;
  /** Contacts; the online desk URL is the app's own `/user/service` page with the live chat. */
  contacts: Omit<ServiceConfig, 'url'>;
  /** Service link type of spec §4 (0 alert page, 1 a URL from the list, 2 chat link in English). */
  customerLinkType: 0 | 1 | 2;
  flags: BrandFlags;
  walletType: 0 | 1;
  /** Home banners in order: English title, its other languages, link. */
  banners: Array<{ title: string; titles?: Translations; linkUrl: string }>;
  /**
   * Host names that choose this brand (BH1), lower-case without a port. The seeded `*.localhost` names reach
   * this machine in any browser without DNS; a broker adds its domains to `brand_hosts`.
   */
  hosts?: readonly string[];
}

const ALL_LANGUAGES = [...SUPPORTED_LANGUAGES];
const HOME_SYMBOLS = ['BTCUSDT', 'EURUSD', 'XAUUSD'];

const BASE_FLAGS: BrandFlags = {
  VIRTUAL_CURRENCY_TRADE: true,
  OptionMock: true,
  'user/bindEmail': true,
  'user/privacy': true,
  'user/bankCard': true,
  NO_WALLET_WITHDRAW: false,
  depositBanNewFlow: false,
  depositHideCrypto: false,
  depositHideQRCode: false,
  disableDeposit: false,
  twoTypeVerified: true,
  addVerifiedEmail: false,
  hideRegisterInviteCode: false,
  canBindEmail: true,
  'user/myWallet': true,
  'user/loan': true,
  'user/standards': true,
  'user/cryptoWallet': true,
  PHONE_SMS_VERIFY: true,
};

/** The default brand: light theme, every language, all five categories (US stocks too), email and phone sign-up. */
const tradekit: BrandSeed = {
  id: 'tradekit',
  name: 'TradeKit',
  siteTitle: 'TradeKit — Trade global markets',
  siteTitles: TRADEKIT_SITE_TITLES,
  settings: {
    defaultTradeMode: 'market',
    tradeModes: ['market', 'option'],
    tradeList: [3, 2, 1, 4, 5],
    theme: 'light',
    colors: { up: '#2962ff', down: '#d32f2f' },
    timezone: 'America/New_York',
    languages: ALL_LANGUAGES,
    defaultLanguage: 'en',
    registerTypes: ['E', 'P'],
    depositTypes: ['crypto', 'bank'],
    verifyStyle: 'both',
    template: 2,
    homeSymbols: HOME_SYMBOLS,
  },
  contacts: {
    email: 'support@tradekit.example',
    telegram: 'https://t.me/tradekit_support',
    whatsapp: 'https://wa.me/15550100100',
  },
  customerLinkType: 1,
  flags: BASE_FLAGS,
  walletType: 0,
  banners: [
    { title: 'Forex, commodities, indices and crypto in one account', linkUrl: '/quotation' },
    { title: 'Practise risk-free with a demo account', linkUrl: '/register' },
    { title: '0.2% trading fee, free account transfers', linkUrl: '/user/standards' },
  ].map((banner, i) => ({ ...banner, titles: TRADEKIT_BANNER_TITLES[i] })),
};

/**
 * A dark, contracts-only brand with US stocks first, no Chinese or Indonesian, phone sign-up first (with an
 * image captcha instead of an SMS code) and its own wallet list.
 */
const aurora: BrandSeed = {
  id: 'aurora',
  name: 'Aurora Markets',
  hosts: ['aurora.localhost'],
  siteTitle: 'Aurora Markets',
  settings: {
    defaultTradeMode: 'market',
    // Contracts only: no option mode, on either account.
    tradeModes: ['market'],
    // US stocks first: the brand's own market.
    tradeList: [5, 3, 1, 2, 4],
    theme: 'dark',
    colors: { up: '#26a69a', down: '#ef5350' },
    timezone: 'Europe/London',
    languages: ALL_LANGUAGES.filter((lang) => !lang.startsWith('zh') && lang !== 'id'),
    defaultLanguage: 'en',
    registerTypes: ['P', 'E'],
    depositTypes: ['crypto'],
    verifyStyle: 'advanced',
    template: 1,
    homeSymbols: ['BTCUSDT', 'AAPL', 'XAUUSD'],
  },
  contacts: {
    email: 'help@aurora.example',
    telegram: 'https://t.me/aurora_markets_desk',
    whatsapp: 'https://wa.me/15550100200',
  },
  customerLinkType: 1,
  flags: {
    ...BASE_FLAGS,
    OptionMock: false,
    'user/bankCard': false,
    depositHideQRCode: true,
    hideRegisterInviteCode: true,
    addVerifiedEmail: true,
    'user/loan': false,
    PHONE_SMS_VERIFY: false,
  },
  walletType: 1,
  banners: [
    'Trade US stocks with leverage',
    'Gold and oil around the clock',
    'Tight spreads on major forex pairs',
    'Crypto markets never close',
    'Indices from New York to Tokyo',
    'Stop loss and take profit on every order',
    'Fixed-time options in seconds',
    'Deposit with crypto in minutes',
    'Desktop and mobile, one account',
    'Support on Telegram and WhatsApp',
  ].map((title, i) => ({ title, linkUrl: i === 0 ? '/quotation?singleTrade=5' : '/quotation' })),
};

/** An option-first brand: red for up, Abidjan time, email sign-up only, junior verification, one banner. */
const meridian: BrandSeed = {
  id: 'meridian',
  name: 'Meridian Options',
  hosts: ['meridian.localhost'],
  siteTitle: 'Meridian Options',
  settings: {
    defaultTradeMode: 'option',
    tradeModes: ['option', 'market'],
    tradeList: [3, 2, 1, 4],
    theme: 'light',
    // Red for a rise, green for a fall: the convention of mainland China, Taiwan, Japan and Korea.
    colors: { up: '#d32f2f', down: '#2e7d32' },
    // The brand fixes its colours: no trader chooses another pair (UC1).
    userColors: false,
    timezone: 'Africa/Abidjan',
    languages: ['en', 'fr', 'es', 'de', 'it', 'ja', 'ko', 'vi', 'th', 'zh-tw', 'zh-cn'],
    defaultLanguage: 'en',
    registerTypes: ['E'],
    depositTypes: ['crypto', 'bank'],
    verifyStyle: 'junior',
    template: 2,
    homeSymbols: HOME_SYMBOLS,
  },
  contacts: { email: 'desk@meridian.example', telegram: '', whatsapp: '' },
  customerLinkType: 1,
  flags: {
    ...BASE_FLAGS,
    VIRTUAL_CURRENCY_TRADE: false,
    'user/bindEmail': false,
    canBindEmail: false,
    twoTypeVerified: false,
    depositBanNewFlow: true,
    'user/myWallet': false,
    'user/standards': false,
  },
  walletType: 0,
  banners: [{ title: 'Fixed-time options on the majors', linkUrl: '/quotation' }],
};

/** Brands seeded at start; the first is the default. */
export const BRAND_SEEDS: readonly BrandSeed[] = [tradekit, aurora, meridian];

/** Id of the brand used when a request names none (or an unknown one). */
export const DEFAULT_BRAND_ID = 'tradekit';
