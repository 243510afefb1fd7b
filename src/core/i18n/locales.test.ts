import { describe, expect, it } from 'vitest';
import { SERVER_CODES } from '../contract/codes';
import { SUPPORTED_LANGUAGES } from './language';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./locales/*.json', { eager: true, import: 'default' });
// The server-code messages (code.<n>) of each language, loaded apart from the UI strings.
const codeFiles = import.meta.glob<Tree>('./locales/codes/*.json', { eager: true, import: 'default' });

/** Every key path with its string, e.g. ['nav.home', 'Home']. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const languageOf = (path: string) => path.replace(/^.*\/(.+)\.json$/, '$1');
const uiStrings = new Map(Object.entries(files).map(([path, tree]) => [languageOf(path), flatten(tree)]));
const codeStrings = new Map(
  Object.entries(codeFiles).map(([path, tree]) => [languageOf(path), flatten(tree)]),
);
/** Every string of a language: its UI file and its code-message file, checked as one. */
const locales = new Map(
  [...uiStrings].map(([lang, strings]) => [lang, new Map([...strings, ...(codeStrings.get(lang) ?? [])])]),
);
const en = locales.get('en') ?? new Map<string, string>();
const translations = SUPPORTED_LANGUAGES.filter((lang) => lang !== 'en');

/** Keys whose text may equal the English one: words these languages share with English. */
const COGNATES = new Set([
  'app.version',
  'common.ok',
  'error.code',
  'nav.home',
  'nav.position',
  'desktop.positions',
  'desktop.demo',
  'desktop.real',
  'mode.option',
  'category.forex',
  'category.indices',
  'quotes.symbol',
  'quotes.volume',
  'quotes.spread',
  'auth.email',
  'auth.password',
  'chart.candle.area',
  'chart.indicator.BOLL',
  'chart.indicator.MACD',
  'chart.indicator.SAR',
  'chart.indicator.VOL',
  'chart.overlay.segment',
  'chart.period.1min',
  'chart.period.5min',
  'chart.period.15min',
  'chart.period.30min',
  'chart.period.1h',
  'chart.period.1d',
  'account.uid',
  'account.email',
  'account.general',
  'account.nickname',
]);

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

/** Keys the other engineers code against (common brief); en.json must keep all of them. */
const REQUIRED = [
  'app.loading app.config_missing app.version app.already_logged_in app.login_required app.not_found',
  'nav.home nav.position nav.explore nav.history nav.user nav.quotation nav.search nav.service nav.login',
  'nav.register nav.markets mode.market mode.option home.top_symbols home.view_all home.banner',
  'category.cryptos category.commodities category.forex category.indices category.usStocks',
  'quotes.symbol quotes.bid quotes.ask quotes.price quotes.high quotes.low quotes.change quotes.last_update',
  'quotes.stale quotes.stale_hint quotes.closed quotes.empty quotes.volume quotes.chart_30m',
  'feed.reconnecting feed.network_abnormal feed.ws_failed feed.connection_lost common.ok common.cancel',
  'common.close common.retry common.back error.timeout error.server error.network error.api_constructor',
  'error.generic error.code theme.light theme.dark msg.update_success msg.add_success msg.copied',
  'msg.login_first msg.incorrect_data msg.validation_failed msg.template_unset msg.connection_timeout',
  'msg.server_error msg.operation_success msg.balance_not_enough msg.network_abnormal msg.reconnecting',
  'msg.camera_notice msg.illegal_image_ext msg.image_limit msg.result_failed msg.request_frequency',
  'msg.wrong_price msg.market_closed msg.auth_failed msg.fee_type_unsupported msg.bank_meta_missing',
  'msg.option_closed msg.log_out_success msg.submit_success_please_wait msg.currency_conversion_successful',
  'msg.delete_success',
].flatMap((line) => line.split(' '));

describe('locale files', () => {
  it('exist for exactly the supported languages', () => {
    expect([...uiStrings.keys()].sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    expect([...codeStrings.keys()].sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it('keep server-code messages out of the UI strings and nothing else in the code files', () => {
    for (const strings of uiStrings.values())
      expect([...strings.keys()].filter((k) => k.startsWith('code.'))).toEqual([]);
    for (const strings of codeStrings.values())
      expect([...strings.keys()].filter((k) => !k.startsWith('code.'))).toEqual([]);
  });

  it('English has every key the other modules use', () => {
    expect(REQUIRED.filter((key) => !en.has(key))).toEqual([]);
  });

  it('English has a code.<n> key for every server code', () => {
    const codes = Object.keys(SERVER_CODES).map((code) => `code.${code}`);
    expect(codes.filter((key) => !en.has(key))).toEqual([]);
    expect([...en.keys()].filter((key) => key.startsWith('code.') && !codes.includes(key))).toEqual([]);
  });

  it('English names each language by its own name in lang.<code>', () => {
    expect(SUPPORTED_LANGUAGES.map((lang) => en.get(`lang.${lang}`))).toEqual([
      'English', '繁體中文', '简体中文', '日本語', 'Deutsch', 'Français', 'Italiano', '한국어', 'Español',
      'Tiếng Việt', 'ไทย', 'Bahasa Indonesia',
    ]); // prettier-ignore
  });
});

describe.each(translations)('the %s locale', (lang) => {
  const strings = locales.get(lang) ?? new Map<string, string>();

  it('has exactly the key set of en.json', () => {
    expect([...en.keys()].filter((key) => !strings.has(key))).toEqual([]);
    expect([...strings.keys()].filter((key) => !en.has(key))).toEqual([]);
  });

  it('has no empty text', () => {
    expect([...strings].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it('keeps exactly the {{placeholders}} of every English text', () => {
    const broken = [...en].filter(([key, text]) => {
      return placeholders(text).join() !== placeholders(strings.get(key) ?? '').join();
    });
    expect(broken.map(([key]) => key)).toEqual([]);
  });

  it('translates every text except language names and shared words', () => {
    const untranslated = [...en].filter(
      ([key, text]) => !key.startsWith('lang.') && !COGNATES.has(key) && strings.get(key) === text,
    );
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });

  it('names the languages exactly as en.json does', () => {
    const names = [...en].filter(([key]) => key.startsWith('lang.'));
    expect(names.filter(([key, name]) => strings.get(key) !== name).map(([key]) => key)).toEqual([]);
  });
});

/** Texts that must be written in a script: a copy of another language would fail here. */
const SCRIPTS: Partial<Record<string, RegExp>> = {
  'zh-tw': /\p{Script=Han}/u,
  'zh-cn': /\p{Script=Han}/u,
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  ko: /\p{Script=Hangul}/u,
  th: /\p{Script=Thai}/u,
};

describe.each(Object.keys(SCRIPTS))('the %s locale', (lang) => {
  it('writes every text in its own script', () => {
    const script = SCRIPTS[lang] ?? /./u;
    const foreign = [...(locales.get(lang) ?? [])].filter(
      ([key, text]) => !key.startsWith('lang.') && !COGNATES.has(key) && !script.test(text),
    );
    expect(foreign.map(([key]) => key)).toEqual([]);
  });
});

// Characters that exist in only one of the two scripts (simplified → traditional pairs).
const PAIRS =
  '们們这這价價请請买買卖賣单單时時连連线線网網络絡错錯误誤户戶账賬钱錢设設为為与與开開关關闭閉货貨币幣汇匯';
const MORE =
  '数數据據证證码碼认認载載页頁录錄际際读讀实實资資产產额額仓倉涨漲点點图圖绑綁邮郵无無过過该該项項';
const REST = '达達应應处處务務态態转轉败敗审審级級负負类類键鍵询詢库庫导導览覽择擇权權体體验驗机機号號';
const pairs = [...(PAIRS + MORE + REST)];
const simplifiedOnly = pairs.filter((_, i) => i % 2 === 0);
const traditionalOnly = pairs.filter((_, i) => i % 2 === 1);

describe('Chinese locales', () => {
  const mixed = (lang: string, forbidden: readonly string[]) =>
    [...(locales.get(lang) ?? [])]
      .filter(([key, text]) => !key.startsWith('lang.') && [...text].some((c) => forbidden.includes(c)))
      .map(([key]) => key);

  it('zh-tw uses no Simplified-only characters', () => {
    expect(mixed('zh-tw', simplifiedOnly)).toEqual([]);
  });

  it('zh-cn uses no Traditional-only characters', () => {
    expect(mixed('zh-cn', traditionalOnly)).toEqual([]);
  });
});
