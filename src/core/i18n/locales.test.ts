import { describe, expect, it } from 'vitest';
import { SERVER_CODES } from '../contract/codes';
import { CODES_NAMESPACE } from './i18n';
import { SUPPORTED_LANGUAGES } from './language';

type Tree = { [key: string]: string | Tree };

// `./locales/<lang>/<namespace>.json`: every language has the namespace files of English. The back office's
// review queues each bring their own namespace, `./locales/<lang>/backoffice/<queue>.json` (namespace
// `backoffice/<queue>` here), so that adding a queue edits no shared locale file.
const files = import.meta.glob<Tree>(['./locales/*/*.json', './locales/*/backoffice/*.json'], {
  eager: true,
  import: 'default',
});

/** Every key path with its string, e.g. ['nav.home', 'Home']. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** language → namespace → key → text. */
const byLanguage = new Map<string, Map<string, Map<string, string>>>();
for (const [path, tree] of Object.entries(files)) {
  const [, lang = '', namespace = ''] =
    /\/locales\/([^/]+)\/((?:backoffice\/)?[^/]+)\.json$/.exec(path) ?? [];
  if (!byLanguage.has(lang)) byLanguage.set(lang, new Map());
  byLanguage.get(lang)?.set(namespace, flatten(tree));
}
const namespacesOf = (lang: string) => byLanguage.get(lang) ?? new Map<string, Map<string, string>>();
/** Every string of a language, all namespaces together (keys are unique across namespaces). */
const locales = new Map(
  [...byLanguage].map(([lang, spaces]) => [lang, new Map([...spaces.values()].flatMap((m) => [...m]))]),
);
const enSpaces = namespacesOf('en');
const en = locales.get('en') ?? new Map<string, string>();
const translations = SUPPORTED_LANGUAGES.filter((lang) => lang !== 'en');

/**
 * Texts that may equal the English one, each only in the languages that really write it so. Keep it short:
 * symbols, units and abbreviations, indicator names, and words those languages took from English.
 */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  // An identifier, a format with no words, an indicator's abbreviation.
  'account.uid': translations,
  'error.code': ['de', 'fr', 'it', 'ko', 'es', 'vi', 'th', 'id'],
  'chart.indicator.MACD': ['ja', 'de', 'fr', 'it', 'ko', 'es', 'vi', 'th', 'id'],
  // Chart period units (m, H, D) as trading platforms show them in these languages.
  'chart.period.1min': ['de', 'fr', 'it', 'es', 'id'],
  'chart.period.5min': ['de', 'fr', 'it', 'es', 'id'],
  'chart.period.15min': ['de', 'fr', 'it', 'es', 'id'],
  'chart.period.30min': ['de', 'fr', 'it', 'es', 'id'],
  'chart.period.1h': ['fr', 'it', 'es'],
  'chart.period.1d': ['es'],
  // Indicator names kept in English by these markets.
  'chart.indicator.SAR': ['de', 'vi', 'id'],
  'chart.indicator.VOL': ['fr', 'it', 'id'],
  'chart.indicator.BOLL': ['id'],
  // The same word in that language.
  'common.ok': ['ja', 'de', 'fr', 'it', 'vi', 'id'],
  'app.version': ['de', 'fr'],
  'quotes.symbol': ['de'],
  'quotes.spread': ['de', 'fr', 'it', 'es', 'id'],
  // Forex traders in these languages count the spread in "pips" too.
  'quotes.spread_pips': ['fr', 'es'],
  'quotes.volume': ['fr', 'it', 'id'],
  'desktop.demo': ['de', 'it', 'es', 'id'],
  'desktop.real': ['es'],
  'desktop.positions': ['fr'],
  'nav.position': ['fr'],
  'nav.home': ['it'],
  'category.forex': ['fr', 'it'],
  'category.indices': ['fr'],
  'chart.overlay.segment': ['de', 'fr'],
  'chart.candle.area': ['it', 'id'],
  'auth.password': ['it'],
  'auth.email': ['vi', 'id'],
  'account.email': ['vi', 'id'],
  'account.nickname': ['it'],
  'account.general': ['es'],
  'backoffice.panel.no': ['it', 'es'],
  'backoffice.panel.option': ['de', 'fr'],
  'backoffice.queues.withdrawals.field.bank': ['de', 'id'],
  'backoffice.queue.field.method_bank': ['de', 'id'],
  'backoffice.queues.withdrawals.field.via': ['fr'],
  'backoffice.queue.field.method_crypto': ['fr'],
  // Loanwords of the support inbox: "Support" and "Trader" are the words these desks use.
  'backoffice.queues.support.nav': ['de', 'fr'],
  'backoffice.queues.support.from_trader': ['de', 'fr', 'it', 'es', 'id'],
  'backoffice.queues.support.from_operator': ['id'],
  'backoffice.queues.support.conversation': ['fr'],
  'backoffice.queues.support.field.contact': ['fr'],
};
const mayEqualEnglish = (lang: string, key: string) =>
  key.startsWith('lang.') || (SAME_AS_ENGLISH[key]?.includes(lang) ?? false);

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

/** Keys the other engineers code against (common brief); English must keep all of them. */
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
  it('exist for exactly the supported languages, each with the namespaces of English', () => {
    expect([...byLanguage.keys()].sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    const namespaces = [...enSpaces.keys()].sort();
    expect(namespaces).toEqual(expect.arrayContaining(['codes', 'common', 'host', 'quotes']));
    for (const lang of SUPPORTED_LANGUAGES)
      expect([lang, [...namespacesOf(lang).keys()].sort()]).toEqual([lang, namespaces]);
  });

  it('put each key in one namespace only, so a key reads the same wherever it lives', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [namespace, strings] of enSpaces)
      for (const key of strings.keys()) {
        const first = seen.get(key);
        if (first) twice.push(`${key} (${first}, ${namespace})`);
        seen.set(key, namespace);
      }
    expect(twice).toEqual([]);
  });

  it('keep server-code messages in the codes namespace and nothing else there', () => {
    for (const [namespace, strings] of enSpaces) {
      const codes = [...strings.keys()].filter((k) => k.startsWith('code.'));
      expect([namespace, codes.length > 0 && codes.length === strings.size]).toEqual([
        namespace,
        namespace === CODES_NAMESPACE,
      ]);
    }
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

  it.each([...enSpaces.keys()])('has exactly the keys of English in %s', (namespace) => {
    const english = enSpaces.get(namespace) ?? new Map<string, string>();
    const own = namespacesOf(lang).get(namespace) ?? new Map<string, string>();
    expect([...english.keys()].filter((key) => !own.has(key))).toEqual([]);
    expect([...own.keys()].filter((key) => !english.has(key))).toEqual([]);
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

  it('translates every text except language names and the listed shared words', () => {
    const untranslated = [...en].filter(
      ([key, text]) => !mayEqualEnglish(lang, key) && strings.get(key) === text,
    );
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });

  it('names the languages exactly as English does', () => {
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

/** Texts these languages write in Latin letters, though translated: Japanese traders say FX and pips. */
const LATIN_IN_SCRIPT: Partial<Record<string, readonly string[]>> = {
  ja: ['category.forex', 'quotes.spread_pips'],
};

/** False for a text of placeholders and punctuation only, e.g. `{{message}}（{{code}}）`. */
const hasWords = (text: string) => /\p{L}/u.test(text.replace(/{{\s*\w+\s*}}/g, ''));

describe.each(Object.keys(SCRIPTS))('the %s locale', (lang) => {
  it('writes every text in its own script', () => {
    const script = SCRIPTS[lang] ?? /./u;
    const foreign = [...(locales.get(lang) ?? [])].filter(
      ([key, text]) =>
        !mayEqualEnglish(lang, key) &&
        !LATIN_IN_SCRIPT[lang]?.includes(key) &&
        hasWords(text) &&
        !script.test(text),
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
