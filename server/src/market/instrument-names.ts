/**
 * Local names of the seeded instruments, by language, where a common one exists (English is the catalogue
 * name in instruments.ts and the fallback). Forex pairs are built from currency names; the rest are listed.
 * Served with the product list in the language asked for, never bundled into a widget.
 */
import type { Language } from '../../../src/core/contract/languages';
import type { Translations } from '../../../src/core/contract/translations';

type Local = Exclude<Language, 'en'>;
const CURRENCIES = ['EUR', 'USD', 'GBP', 'JPY', 'AUD', 'CAD', 'CHF', 'NZD', 'HKD'] as const;
type Currency = (typeof CURRENCIES)[number];

/** Currency names in the order of CURRENCIES. */
const CURRENCY_NAMES: Record<Local, readonly string[]> = {
  'zh-cn': ['欧元', '美元', '英镑', '日元', '澳元', '加元', '瑞郎', '纽元', '港元'],
  'zh-tw': ['歐元', '美元', '英鎊', '日圓', '澳幣', '加幣', '瑞郎', '紐幣', '港幣'],
  ja: ['ユーロ', '米ドル', '英ポンド', '円', '豪ドル', 'カナダドル', 'スイスフラン', 'NZドル', '香港ドル'],
  ko: [
    '유로',
    '미국 달러',
    '영국 파운드',
    '일본 엔',
    '호주 달러',
    '캐나다 달러',
    '스위스 프랑',
    '뉴질랜드 달러',
    '홍콩 달러',
  ],
  de: [
    'Euro',
    'US-Dollar',
    'Britisches Pfund',
    'Japanischer Yen',
    'Australischer Dollar',
    'Kanadischer Dollar',
    'Schweizer Franken',
    'Neuseeland-Dollar',
    'Hongkong-Dollar',
  ],
  fr: [
    'Euro',
    'Dollar américain',
    'Livre sterling',
    'Yen japonais',
    'Dollar australien',
    'Dollar canadien',
    'Franc suisse',
    'Dollar néo-zélandais',
    'Dollar de Hong Kong',
  ],
  it: [
    'Euro',
    'Dollaro USA',
    'Sterlina britannica',
    'Yen giapponese',
    'Dollaro australiano',
    'Dollaro canadese',
    'Franco svizzero',
    'Dollaro neozelandese',
    'Dollaro di Hong Kong',
  ],
  es: [
    'Euro',
    'Dólar estadounidense',
    'Libra esterlina',
    'Yen japonés',
    'Dólar australiano',
    'Dólar canadiense',
    'Franco suizo',
    'Dólar neozelandés',
    'Dólar de Hong Kong',
  ],
  vi: [
    'Euro',
    'Đô la Mỹ',
    'Bảng Anh',
    'Yên Nhật',
    'Đô la Úc',
    'Đô la Canada',
    'Franc Thụy Sĩ',
    'Đô la New Zealand',
    'Đô la Hồng Kông',
  ],
  th: [
    'ยูโร',
    'ดอลลาร์สหรัฐ',
    'ปอนด์สเตอร์ลิง',
    'เยน',
    'ดอลลาร์ออสเตรเลีย',
    'ดอลลาร์แคนาดา',
    'ฟรังก์สวิส',
    'ดอลลาร์นิวซีแลนด์',
    'ดอลลาร์ฮ่องกง',
  ],
  id: [
    'Euro',
    'Dolar AS',
    'Pound Inggris',
    'Yen Jepang',
    'Dolar Australia',
    'Dolar Kanada',
    'Franc Swiss',
    'Dolar Selandia Baru',
    'Dolar Hong Kong',
  ],
};

/** Chinese and Japanese write a pair without spaces around the slash. */
const TIGHT: ReadonlySet<Local> = new Set(['zh-cn', 'zh-tw', 'ja']);

function pairNames(base: Currency, quote: Currency): Translations {
  const names: Translations = {};
  for (const [lang, list] of Object.entries(CURRENCY_NAMES) as Array<[Local, readonly string[]]>) {
    const name = (c: Currency) => list[CURRENCIES.indexOf(c)]!;
    names[lang] = `${name(base)}${TIGHT.has(lang) ? '/' : ' / '}${name(quote)}`;
  }
  return names;
}

const FOREX_PAIRS = [
  'EURUSD',
  'GBPUSD',
  'USDJPY',
  'AUDUSD',
  'USDCAD',
  'USDCHF',
  'NZDUSD',
  'EURGBP',
  'USDHKD',
  'EURJPY',
];

/** Instruments other than forex pairs: only the languages with a name of their own. */
const LISTED: Record<string, Translations> = {
  // Cryptos.
  BTCUSDT: { 'zh-cn': '比特币', 'zh-tw': '比特幣', ja: 'ビットコイン', ko: '비트코인', th: 'บิตคอยน์' },
  ETHUSDT: { 'zh-cn': '以太坊', 'zh-tw': '以太坊', ja: 'イーサリアム', ko: '이더리움', th: 'อีเธอเรียม' },
  SOLUSDT: { ja: 'ソラナ', ko: '솔라나', th: 'โซลานา' },
  XRPUSDT: { 'zh-cn': '瑞波币', 'zh-tw': '瑞波幣', ja: 'エックスアールピー', ko: '리플' },
  BNBUSDT: { 'zh-cn': '币安币', 'zh-tw': '幣安幣' },
  DOGEUSDT: { 'zh-cn': '狗狗币', 'zh-tw': '狗狗幣', ja: 'ドージコイン', ko: '도지코인', th: 'ดอจคอยน์' },
  ADAUSDT: { 'zh-cn': '艾达币', 'zh-tw': '艾達幣', ja: 'カルダノ', ko: '카르다노', th: 'คาร์ดาโน' },
  LTCUSDT: { 'zh-cn': '莱特币', 'zh-tw': '萊特幣', ja: 'ライトコイン', ko: '라이트코인', th: 'ไลต์คอยน์' },
  // Commodities.
  XAUUSD: {
    'zh-cn': '黄金',
    'zh-tw': '黃金',
    ja: '金（ゴールド）',
    ko: '금',
    de: 'Gold',
    fr: 'Or',
    it: 'Oro',
    es: 'Oro',
    vi: 'Vàng',
    th: 'ทองคำ',
    id: 'Emas',
  },
  XAGUSD: {
    'zh-cn': '白银',
    'zh-tw': '白銀',
    ja: '銀（シルバー）',
    ko: '은',
    de: 'Silber',
    fr: 'Argent',
    it: 'Argento',
    es: 'Plata',
    vi: 'Bạc',
    th: 'เงิน',
    id: 'Perak',
  },
  USOIL: {
    'zh-cn': 'WTI原油',
    'zh-tw': 'WTI原油',
    ja: 'WTI原油',
    ko: 'WTI 원유',
    de: 'Rohöl WTI',
    fr: 'Pétrole brut WTI',
    it: 'Petrolio greggio WTI',
    es: 'Petróleo crudo WTI',
    vi: 'Dầu thô WTI',
    th: 'น้ำมันดิบ WTI',
    id: 'Minyak Mentah WTI',
  },
  UKOIL: {
    'zh-cn': '布伦特原油',
    'zh-tw': '布蘭特原油',
    ja: 'ブレント原油',
    ko: '브렌트유',
    de: 'Rohöl Brent',
    fr: 'Pétrole brut Brent',
    it: 'Petrolio greggio Brent',
    es: 'Petróleo crudo Brent',
    vi: 'Dầu thô Brent',
    th: 'น้ำมันดิบเบรนท์',
    id: 'Minyak Mentah Brent',
  },
  NGAS: {
    'zh-cn': '天然气',
    'zh-tw': '天然氣',
    ja: '天然ガス',
    ko: '천연가스',
    de: 'Erdgas',
    fr: 'Gaz naturel',
    it: 'Gas naturale',
    es: 'Gas natural',
    vi: 'Khí tự nhiên',
    th: 'ก๊าซธรรมชาติ',
    id: 'Gas Alam',
  },
  COPPER: {
    'zh-cn': '铜',
    'zh-tw': '銅',
    ja: '銅',
    ko: '구리',
    de: 'Kupfer',
    fr: 'Cuivre',
    it: 'Rame',
    es: 'Cobre',
    vi: 'Đồng',
    th: 'ทองแดง',
    id: 'Tembaga',
  },
  // Indices.
  US30: { 'zh-cn': '道琼斯30', 'zh-tw': '道瓊30', ja: 'NYダウ30', ko: '다우존스 30', th: 'ดาวโจนส์ 30' },
  NAS100: {
    'zh-cn': '纳斯达克100',
    'zh-tw': '那斯達克100',
    ja: 'ナスダック100',
    ko: '나스닥 100',
    th: 'แนสแด็ก 100',
  },
  SPX500: { 'zh-cn': '标普500', 'zh-tw': '標普500', ja: 'S&P500', ko: 'S&P 500' },
  GER40: { 'zh-cn': '德国DAX40', 'zh-tw': '德國DAX40', ja: 'ドイツDAX40' },
  UK100: { 'zh-cn': '英国富时100', 'zh-tw': '英國富時100', ja: '英FTSE100' },
  JPN225: { 'zh-cn': '日经225', 'zh-tw': '日經225', ja: '日経225', ko: '니케이 225', th: 'นิกเกอิ 225' },
  HK50: { 'zh-cn': '恒生50', 'zh-tw': '恒生50', ja: 'ハンセン50', ko: '항셍 50', th: 'ฮั่งเส็ง 50' },
  // US stocks.
  AAPL: { 'zh-cn': '苹果', 'zh-tw': '蘋果', ja: 'アップル', ko: '애플', th: 'แอปเปิล' },
  TSLA: { 'zh-cn': '特斯拉', 'zh-tw': '特斯拉', ja: 'テスラ', ko: '테슬라', th: 'เทสลา' },
  NVDA: { 'zh-cn': '英伟达', 'zh-tw': '輝達', ja: 'エヌビディア', ko: '엔비디아', th: 'เอ็นวิเดีย' },
  MSFT: { 'zh-cn': '微软', 'zh-tw': '微軟', ja: 'マイクロソフト', ko: '마이크로소프트', th: 'ไมโครซอฟท์' },
  AMZN: { 'zh-cn': '亚马逊', 'zh-tw': '亞馬遜', ja: 'アマゾン', ko: '아마존', th: 'แอมะซอน' },
  GOOGL: {
    'zh-cn': '谷歌母公司Alphabet',
    'zh-tw': 'Google母公司Alphabet',
    ja: 'アルファベット',
    ko: '알파벳',
  },
  META: { ja: 'メタ・プラットフォームズ', ko: '메타 플랫폼스' },
};

/** Local names by product code. */
export const INSTRUMENT_NAMES: Readonly<Record<string, Translations>> = {
  ...Object.fromEntries(
    FOREX_PAIRS.map((code) => [code, pairNames(code.slice(0, 3) as Currency, code.slice(3) as Currency)]),
  ),
  ...LISTED,
};

/** Product codes whose name in `language` contains `keyword` (case ignored): the search in local names. */
export function codesByLocalName(keyword: string, language: string): string[] {
  const text = keyword.trim().toLowerCase();
  if (!text) return [];
  const lang = language.toLowerCase() as Language;
  return Object.entries(INSTRUMENT_NAMES)
    .filter(([, names]) => names[lang]?.toLowerCase().includes(text))
    .map(([code]) => code);
}
