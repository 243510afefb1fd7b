/**
 * The whole route table of spec §2 as data, and the host's one registry of pages: each entry names its
 * path, access rule, page component (a module of src/host/pages and its export), how the shells show it and,
 * for account pages, the <Account> view and its place in the desktop account dialog. Adding a page is one
 * entry here plus its page folder; a route without a page is not built in this build and redirects to `/`.
 */
import type { AccountView } from '../../widgets/account';

/** Who may open a route: anyone, only visitors without a session, or only signed-in users. */
export type Access = 'open' | 'signedOutOnly' | 'protected';

/**
 * How the shells show a page. Desktop: `trading` is a state of the trading layout (a symbol, the order panel,
 * a side panel); `auth` (sign-in card), `account` (account dialog) and `search` (search dialog) show over
 * it; `page` replaces it. Mobile shows every page in place (see `fullPage` for the tab bar).
 */
export type PageKind = 'page' | 'trading' | 'auth' | 'account' | 'search';

/** The page component: `<folder>/<module>#<Export>` of a `*-page.tsx` / `*-pages.tsx` in src/host/pages. */
export type PageRef = `${string}/${string}#${string}`;

/** An account page: the <Account> view it shows and its place in the desktop account dialog. */
export interface AccountPlacement {
  /** The <Account> view; absent for an account page of another widget (its own page renders in the dialog). */
  view?: AccountView;
  /** The view inside the desktop dialog, when it differs (the user menu lives in the desktop top bar). */
  dialogView?: AccountView;
  /** i18n label of its entry in the dialog menu; pages without one belong to the `account` entry. */
  menu?: string;
  /** Brand flags (system config names) that must all be on for the entry to show. */
  requires?: readonly string[];
  /** Brand flags of which any, when on, hides the entry. */
  hiddenBy?: readonly string[];
  /** Hidden on the demo account (spec §6). */
  realOnly?: boolean;
  /** A hidden page: the route whose dialog entry it belongs to (addCrypto → crypto). */
  entry?: string;
}

export interface RouteDef {
  /** Route name (spec §2 names: chart, place, placeOption, …). */
  name: string;
  /** Pattern with `:param` segments, e.g. `/:symbol/chart`. */
  path: string;
  /** Other patterns showing the same page under their own URL. */
  aliases?: readonly string[];
  access: Access;
  /** Whether this build ships the page (it has a page component); unbuilt routes redirect to `/`. */
  built: boolean;
  /** The page component of a built route. */
  page?: PageRef;
  kind: PageKind;
  /** Mobile: shown without the tab bar (its own back bar). */
  fullPage: boolean;
  account?: AccountPlacement;
  /** Its first render formats dates and times (the chart's header): the start-up starts ICU for it (EK50). */
  formatsTimes?: boolean;
}

/** What an entry may say beyond name, path and access (`built` follows from `page`). */
type Options = Partial<Pick<RouteDef, 'aliases' | 'page' | 'kind' | 'fullPage' | 'account' | 'formatsTimes'>>;

function route(name: string, path: string, access: Access, options: Options = {}): RouteDef {
  const { page, kind = 'page', ...rest } = options;
  const fullPage = options.fullPage ?? (kind === 'auth' || kind === 'account' || kind === 'search');
  return { name, path, access, built: page !== undefined, kind, ...rest, fullPage, ...(page && { page }) };
}

const open = (name: string, path: string, options?: Options) => route(name, path, 'open', options);
const guest = (name: string, path: string, options?: Options) => route(name, path, 'signedOutOnly', options);
const user = (name: string, path: string, options?: Options) => route(name, path, 'protected', options);

/** A sign-in page: <Auth> with the view of its name. */
const auth = (name: string, path: string) =>
  guest(name, path, { page: 'auth/auth-page#AuthPage', kind: 'auth' });

/** An account page: <Account> with `placement.view`. */
const account = (name: string, path: string, placement: AccountPlacement, fullPage = true) =>
  user(name, path, {
    page: 'account/account-page#AccountPage',
    kind: 'account',
    account: placement,
    fullPage,
  });

/** Bank card and crypto wallet pages (payees): their brand flags, real accounts only. */
export const CRYPTO_WALLET_PLACEMENT: AccountPlacement = {
  menu: 'crypto_addresses.menu_crypto_wallet',
  requires: ['user/cryptoWallet'],
  hiddenBy: ['NO_WALLET_WITHDRAW'],
  realOnly: true,
};
export const BANK_CARD_PLACEMENT: AccountPlacement = {
  menu: 'bank_cards.menu_bank_card',
  requires: ['user/bankCard'],
  realOnly: true,
};
/** A payee page; with `entry`, a hidden page (no dialog entry of its own) under that route's entry. */
const payees = (name: string, path: string, page: string, placement: AccountPlacement, entry?: string) => {
  const { menu: _menu, ...flags } = placement;
  return user(name, path, {
    page: `payees/payees-pages#${page}`,
    kind: 'account',
    account: entry ? { ...flags, entry } : placement,
  });
};

/** Every route of spec §2 (plus `/user/security`), static paths before parameterised ones. */
export const ROUTES: readonly RouteDef[] = [
  open('home', '/', { page: 'home/home-page#HomePage', kind: 'trading' }),
  open('search', '/search', { page: 'search/search-page#SearchPage', kind: 'search' }),
  open('quotation', '/quotation', { page: 'quotation/quotation-page#QuotationPage' }),
  auth('login', '/login'),
  auth('register', '/register'),
  auth('forgot', '/forgot'),
  user('position', '/position', { page: 'orders/orders-pages#PositionPage', kind: 'trading' }),
  open('explore', '/explore'),
  user('history', '/history', { page: 'orders/orders-pages#HistoryPage', kind: 'trading' }),
  // The user menu is a tab on mobile; on desktop its content lives in the top bar.
  account('user', '/user', { view: 'menu', dialogView: 'account' }, false),
  // Account pages in the desktop dialog menu's order (spec §2): account, my wallet, verification, junior
  // verification, crypto wallet, bank card, deposit, withdraw, loan, transactions (the wallet home, with the
  // latest trades), deposit and withdrawal, standards, notification; hidden pages follow their entry.
  account('account', '/user/account', { view: 'account', menu: 'account.my_account' }),
  account('changePassword', '/user/changePassword', { view: 'changePassword' }),
  account('privacy', '/user/privacy', { view: 'privacy' }),
  // Not in spec §2: the second-factor page that issue #3 adds.
  account('security', '/user/security', { view: 'security', menu: 'account.security' }),
  user('myWallet', '/user/myWallet', {
    page: 'wallet/wallet-pages#MyWalletPage',
    kind: 'account',
    account: { menu: 'wallet.menu.my_wallet', realOnly: true, requires: ['user/myWallet'] },
  }),
  // The levels the brand offers (showVerified, user/juniorVerified); the page leads home on the others.
  user('verified', '/user/verified', {
    page: 'verification/verification-pages#VerifiedPage',
    kind: 'account',
    account: { menu: 'account.kyc.verified', requires: ['showVerified'] },
  }),
  user('juniorVerified', '/user/juniorVerified', {
    // Spec §2: some brands name the page user/juniorVerfiy.
    aliases: ['/user/juniorVerfiy'],
    page: 'verification/verification-pages#JuniorVerifiedPage',
    kind: 'account',
    account: { menu: 'account.kyc.junior_verified', requires: ['user/juniorVerified'] },
  }),
  payees('crypto', '/user/wallet/crypto', 'CryptoAddressesPage', CRYPTO_WALLET_PLACEMENT),
  payees('addCrypto', '/user/wallet/addCrypto', 'AddCryptoPage', CRYPTO_WALLET_PLACEMENT, 'crypto'),
  payees('deleteCrypto', '/user/wallet/deleteCrypto', 'DeleteCryptoPage', CRYPTO_WALLET_PLACEMENT, 'crypto'),
  payees('bankCard', '/user/wallet/bankCard', 'BankCardsPage', BANK_CARD_PLACEMENT),
  payees('addBankCard', '/user/wallet/addBankCard', 'AddBankCardPage', BANK_CARD_PLACEMENT, 'bankCard'),
  payees('editBankCard', '/user/wallet/editBankCard', 'EditBankCardPage', BANK_CARD_PLACEMENT, 'bankCard'),
  user('deposit', '/user/deposit', {
    page: 'deposit/deposit-page#DepositPage',
    kind: 'account',
    account: { menu: 'deposit.title', realOnly: true },
  }),
  // Hidden in the dialog menu (spec §2): it belongs to the deposit it is read from.
  user('agreement', '/user/agreement', {
    page: 'deposit/agreement-page#AgreementPage',
    kind: 'account',
    account: {},
  }),
  user('withdraw', '/user/withdraw', {
    page: 'withdraw/withdraw-page#WithdrawPage',
    kind: 'account',
    account: { menu: 'withdraw.menu', realOnly: true },
  }),
  user('loan', '/user/loan', {
    page: 'loan/loan-page#LoanPage',
    kind: 'account',
    account: { menu: 'loan.menu', realOnly: true, requires: ['user/loan'] },
  }),
  user('wallet', '/user/wallet', {
    page: 'wallet/wallet-pages#WalletHomePage',
    kind: 'account',
    account: { menu: 'wallet.menu.wallet', realOnly: true },
  }),
  user('transactionList', '/user/wallet/transactionList', {
    aliases: ['/user/wallet/depositList'],
    page: 'wallet/wallet-pages#TransactionListPage',
    kind: 'account',
    account: { menu: 'wallet.menu.records', realOnly: true },
  }),
  // Only on brands with the standards flag (the view leads to the menu elsewhere).
  account('standards', '/user/standards', {
    view: 'standards',
    menu: 'account.standards.menu',
    requires: ['user/standards'],
  }),
  // Not in spec §2's list: the invite row's page (the code, its sign-up link and who signed up with it).
  account('invite', '/user/invite', { view: 'invite', menu: 'account.invite.menu' }),
  user('notification', '/user/notification', {
    page: 'notifications/notifications-page#NotificationsPage',
    kind: 'account',
    account: { menu: 'notifications.menu' },
  }),
  // Ours (issue #25): the trader's price alerts, beside the notifications that tell when one fires.
  user('alerts', '/user/alerts', {
    page: 'alerts/alerts-page#AlertsPage',
    kind: 'account',
    account: { menu: 'alerts.menu' },
  }),
  // Open to visitors (spec §2); on desktop in the account dialog, whose menu lists it last.
  open('service', '/user/service', {
    page: 'service/service-page#ServicePage',
    kind: 'account',
    fullPage: true,
    account: { menu: 'support.menu' },
  }),
  account('bindEmail', '/user/bindEmail', { view: 'bindEmail' }),
  open('chart', '/:symbol/chart', {
    page: 'chart/chart-page#ChartPage',
    kind: 'trading',
    fullPage: true,
    formatsTimes: true,
  }),
  open('place', '/:symbol/place', { page: 'place/place-page#PlacePage', kind: 'trading', fullPage: true }),
  open('placeOption', '/:symbol/placeOption', {
    page: 'place/place-option-page#PlaceOptionPage',
    kind: 'trading',
    fullPage: true,
  }),
];

/** The route with this name (throws on a typo: names are a closed set). */
export function routeByName(name: string, table: readonly RouteDef[] = ROUTES): RouteDef {
  const route = table.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

/** Whether the page of a named route ships in this build (hides links to pages that are not built). */
export function isBuilt(name: string, table: readonly RouteDef[] = ROUTES): boolean {
  return table.some((r) => r.name === name && r.built);
}

/** The path of a route without parameters (throws on a typo or a parameterised route). */
export function pathOf(name: string, table: readonly RouteDef[] = ROUTES): string {
  const { path } = routeByName(name, table);
  if (path.includes(':')) throw new Error(`Route ${name} has parameters: build its path in paths.ts`);
  return path;
}

/** The built routes of a kind, in table order. */
export function routesOfKind(kind: PageKind, table: readonly RouteDef[] = ROUTES): RouteDef[] {
  return table.filter((r) => r.built && r.kind === kind);
}
