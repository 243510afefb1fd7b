/**
 * The default brand's texts in the other eleven languages (English is in seed-data.ts): its site title (the
 * browser title and the desktop status bar) and its three home banners, in banner order.
 */
import type { Translations } from '../../../src/core/contract/translations';

export const TRADEKIT_SITE_TITLES: Translations = {
  'zh-tw': 'TradeKit — 交易全球市場',
  'zh-cn': 'TradeKit — 交易全球市场',
  ja: 'TradeKit — 世界の市場で取引',
  de: 'TradeKit — Weltweite Märkte handeln',
  fr: 'TradeKit — Tradez les marchés mondiaux',
  it: 'TradeKit — Opera sui mercati globali',
  ko: 'TradeKit — 글로벌 시장 거래',
  es: 'TradeKit — Opere en los mercados globales',
  vi: 'TradeKit — Giao dịch thị trường toàn cầu',
  th: 'TradeKit — เทรดตลาดทั่วโลก',
  id: 'TradeKit — Trading pasar global',
};

export const TRADEKIT_BANNER_TITLES: readonly Translations[] = [
  {
    'zh-tw': '一個帳戶交易外匯、商品、指數和加密貨幣',
    'zh-cn': '一个账户交易外汇、商品、指数和加密货币',
    ja: '1つの口座でFX・商品・株価指数・暗号資産',
    de: 'Forex, Rohstoffe, Indizes und Krypto in einem Konto',
    fr: 'Forex, matières premières, indices et crypto sur un seul compte',
    it: 'Forex, materie prime, indici e cripto in un unico conto',
    ko: '하나의 계좌로 외환, 원자재, 지수, 암호화폐 거래',
    es: 'Forex, materias primas, índices y cripto en una sola cuenta',
    vi: 'Forex, hàng hóa, chỉ số và tiền mã hóa trong một tài khoản',
    th: 'ฟอเร็กซ์ สินค้าโภคภัณฑ์ ดัชนี และคริปโต ในบัญชีเดียว',
    id: 'Forex, komoditas, indeks, dan kripto dalam satu akun',
  },
  {
    'zh-tw': '用模擬帳戶零風險練習',
    'zh-cn': '用模拟账户零风险练习',
    ja: 'デモ口座でリスクなしで練習',
    de: 'Risikofrei üben mit einem Demokonto',
    fr: 'Entraînez-vous sans risque avec un compte démo',
    it: 'Esercitati senza rischi con un conto demo',
    ko: '데모 계좌로 위험 없이 연습하세요',
    es: 'Practique sin riesgo con una cuenta demo',
    vi: 'Luyện tập không rủi ro với tài khoản demo',
    th: 'ฝึกเทรดแบบไร้ความเสี่ยง ด้วยบัญชีทดลอง',
    id: 'Berlatih tanpa risiko dengan akun demo',
  },
  {
    'zh-tw': '交易手續費 0.2%，帳戶轉帳免費',
    'zh-cn': '交易手续费 0.2%，账户转账免费',
    ja: '取引手数料0.2%、口座間振替は無料',
    de: '0,2\u00a0% Handelsgebühr, kostenlose Kontoüberträge',
    fr: 'Frais de trading de 0,2\u00a0%, transferts entre comptes gratuits',
    it: 'Commissione di trading dello 0,2%, trasferimenti tra conti gratuiti',
    ko: '거래 수수료 0.2%, 계좌 이체 무료',
    es: 'Comisión de trading del 0,2\u00a0%, transferencias entre cuentas gratuitas',
    vi: 'Phí giao dịch 0,2%, chuyển khoản giữa tài khoản miễn phí',
    th: 'ค่าธรรมเนียมการเทรด 0.2% โอนระหว่างบัญชีฟรี',
    id: 'Biaya trading 0,2%, transfer antar akun gratis',
  },
];
