/**
 * Pure rules of <tk-wallet> (spec §2 Wallet home, My wallet, Records; §4 payState, transfer drawer, list
 * paging; §5 transfer amount; §9 page sizes, 8 s balance poll): views, which home buttons show, paging with
 * its stop rules, list queries, payState tones and the transfer drawer's quote sequencing.
 */
import type { SystemConfigResponse } from '../../core/contract';
import type { PayState } from '../../core/contract/coins';
import { WALLET_HOME_ITEMS, WALLET_PAGE_SIZE, type WalletBalanceItem } from '../../core/contract/wallets';

/** The views of <tk-wallet>. */
export const WALLET_VIEWS = ['home', 'myWallet', 'records'] as const;
export type WalletView = (typeof WALLET_VIEWS)[number];

/** The `view` attribute as a view (unknown → home). */
export function parseView(value: string | undefined | null): WalletView {
  return (WALLET_VIEWS as readonly string[]).includes(value ?? '') ? (value as WalletView) : 'home';
}

/** Host paths the widget asks for (spec §2 route table); the page maps `tk-navigate` to its router. */
export const WALLET_PATHS = {
  deposit: '/user/deposit',
  withdraw: '/user/withdraw',
  crypto: '/user/wallet/crypto',
  bankCard: '/user/wallet/bankCard',
  myWallet: '/user/myWallet',
  records: '/user/wallet/depositList',
  transactionList: '/user/wallet/transactionList',
  history: '/history',
  login: '/login?to=/user/wallet',
} as const;
export type WalletTarget = keyof typeof WALLET_PATHS;

/** The path of a view, for links between views (and the widget's own fallback when nobody routes). */
export const VIEW_OF_PATH: Readonly<Record<string, WalletView>> = {
  '/user/wallet': 'home',
  [WALLET_PATHS.myWallet]: 'myWallet',
  [WALLET_PATHS.records]: 'records',
  [WALLET_PATHS.transactionList]: 'records',
};

/** The view a host path shows in this widget, or null for a path of another page. */
export function viewOfPath(path: string): WalletView | null {
  const pathname = path.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? '';
  return VIEW_OF_PATH[pathname] ?? null;
}

/** Whether a system config switch is on; absent means off (spec §3 Config flags). */
export function flagOn(config: SystemConfigResponse | null, name: string): boolean {
  return config?.systemConfigs.some((entry) => entry.name === name && entry.enable) ?? false;
}

/** A wallet home button. */
export type HomeButton = 'deposit' | 'withdraw' | 'crypto' | 'bankCard' | 'resetDemo';

/**
 * Spec §2 Wallet home: deposit and withdraw; the crypto wallet button unless NO_WALLET_WITHDRAW; the bank
 * card button only with user/bankCard. The demo account shows only the reset. `offered` (the page's
 * `actions`, when given) narrows the cashier buttons to the pages the page has.
 */
export function homeButtons(
  config: SystemConfigResponse | null,
  virtual: boolean,
  offered: readonly string[] | null = null,
): HomeButton[] {
  if (virtual) return ['resetDemo'];
  const buttons: HomeButton[] = ['deposit', 'withdraw'];
  if (!flagOn(config, 'NO_WALLET_WITHDRAW')) buttons.push('crypto');
  if (flagOn(config, 'user/bankCard')) buttons.push('bankCard');
  return offered ? buttons.filter((b) => offered.includes(b)) : buttons;
}

/** The `actions` attribute: space- or comma-separated targets, or null when absent (all offered). */
export function parseActions(text: string | undefined | null): string[] | null {
  if (text === undefined || text === null) return null;
  return text.split(/[\s,]+/).filter(Boolean);
}

/** Lines that take the Transfer in / Transfer out buttons (spec §2: not USD). */
export const canTransfer = (item: Pick<WalletBalanceItem, 'currency'>) => item.currency !== 'USD';

/** Records filters (spec §2 Records): type all/deposit/withdraw, status all/waiting/success/fail. */
export const RECORD_TYPES = ['all', 'deposit', 'withdraw'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
export const RECORD_STATES = ['all', 'waiting', 'success', 'fail'] as const;
export type RecordState = (typeof RECORD_STATES)[number];

/** The `walletRecharge/web/rechargeStatus` request of a records page. */
export function recordsQuery(type: RecordType, status: RecordState, page: number, size = WALLET_PAGE_SIZE) {
  return {
    pageNum: page,
    pageSize: size,
    ...(type === 'all' ? {} : { type: type === 'deposit' ? (0 as const) : (1 as const) }),
    ...(status === 'all' ? {} : { status }),
  };
}

/** Wallet record filters (spec §2 My wallet): all, transfer in, transfer out, order. */
export const WALLET_RECORD_FILTERS = ['all', 'in', 'out', 'order'] as const;
export type WalletRecordFilter = (typeof WALLET_RECORD_FILTERS)[number];
const ORDER_TYPE = { in: 0, out: 1, order: 2 } as const;

/** The `user/crypto/order` request of a wallet records page. */
export function walletRecordsQuery(filter: WalletRecordFilter, page: number) {
  return {
    pageNum: page,
    pageSize: WALLET_PAGE_SIZE,
    ...(filter === 'all' ? {} : { orderType: ORDER_TYPE[filter] }),
  };
}

/** The home's latest deposit/withdraw records (spec §9: 5). */
export const homeRecordsQuery = () => recordsQuery('all', 'all', 1, WALLET_HOME_ITEMS);

/** Spec §4 payState colours: waiting yellow, success blue, fail red (as tones the CSS maps to tokens). */
export function payStateTone(state: PayState): 'warning' | 'info' | 'danger' {
  return state === 'waiting' ? 'warning' : state === 'success' ? 'info' : 'danger';
}

/** A wallet record's amount with its sign ("+0.5", "-12"). */
export function signedQuantity(quantity: string): string {
  return quantity.startsWith('-') ? quantity : `+${quantity}`;
}

/**
 * Quote sequencing of the transfer drawer (spec §4: fee recalculated on amount change, calls serialised):
 * each request takes a ticket; only the answer of the latest ticket is shown.
 */
export interface QuoteSequence {
  /** A new request's ticket. */
  next(): number;
  /** Whether the answer of `ticket` is still the one to show. */
  isLatest(ticket: number): boolean;
}

export function createQuoteSequence(): QuoteSequence {
  let latest = 0;
  return {
    next: () => (latest += 1),
    isLatest: (ticket) => ticket === latest,
  };
}
