import { describe, expect, it } from 'vitest';
import { VIEW_PATHS } from '../../widgets/account';
import { pathOf, ROUTES, type RouteDef } from '../routing/routes';
import { AccountPage } from './account/account-page';
import { AuthPage } from './auth/auth-page';
import { ChartPage } from './chart/chart-page';
import { AgreementPage } from './deposit/agreement-page';
import { DepositPage } from './deposit/deposit-page';
import { HomePage } from './home/home-page';
import { NotificationsPage } from './notifications/notifications-page';
import { AlertsPage } from './alerts/alerts-page';
import { HistoryPage, PositionPage } from './orders/orders-pages';
import {
  accountDialogMenu,
  accountMenuPageOf,
  accountViewOf,
  isAccountPage,
  isAuthPage,
  isDesktopOverlayPage,
  isDesktopTradingPage,
  isFullPage,
  menuItemShown,
  pageShowsRiskWarning,
} from './page-kinds';
import {
  AddBankCardPage,
  AddCryptoPage,
  BankCardsPage,
  CryptoAddressesPage,
  DeleteCryptoPage,
  EditBankCardPage,
} from './payees/payees-pages';
import { PlaceOptionPage } from './place/place-option-page';
import { PlacePage } from './place/place-page';
import { QuotationPage } from './quotation/quotation-page';
import { loadPage, pageComponent, PAGES } from './registry';
import { SearchPage } from './search/search-page';
import { JuniorVerifiedPage, VerifiedPage } from './verification/verification-pages';
import { WithdrawPage } from './withdraw/withdraw-page';
import { LoanPage } from './loan/loan-page';
import { ServicePage } from './service/service-page';
import { MyWalletPage, TransactionListPage, WalletHomePage } from './wallet/wallet-pages';

const built = ROUTES.filter((r) => r.built).map((r) => r.name);

describe('the page registry, derived from the route table', () => {
  it('has a page for exactly the routes marked built', () => {
    expect(Object.keys(PAGES).sort()).toEqual([...built].sort());
  });

  it('finds the component each built route names, loading its module on demand (EK19)', async () => {
    const loaded = Object.fromEntries(
      await Promise.all(ROUTES.filter((r) => r.built).map(async (r) => [r.name, await loadPage(r)] as const)),
    );
    // Routes showing the same page share one lazy component, so switching between them keeps its state.
    expect(PAGES.login).toBe(PAGES.register);
    expect(PAGES.home).not.toBe(PAGES.chart);
    expect(loaded).toEqual({
      home: HomePage,
      quotation: QuotationPage,
      login: AuthPage,
      register: AuthPage,
      forgot: AuthPage,
      user: AccountPage,
      account: AccountPage,
      changePassword: AccountPage,
      privacy: AccountPage,
      bindEmail: AccountPage,
      security: AccountPage,
      standards: AccountPage,
      invite: AccountPage,
      notification: NotificationsPage,
      alerts: AlertsPage,
      crypto: CryptoAddressesPage,
      addCrypto: AddCryptoPage,
      deleteCrypto: DeleteCryptoPage,
      bankCard: BankCardsPage,
      addBankCard: AddBankCardPage,
      editBankCard: EditBankCardPage,
      withdraw: WithdrawPage,
      loan: LoanPage,
      deposit: DepositPage,
      agreement: AgreementPage,
      myWallet: MyWalletPage,
      verified: VerifiedPage,
      juniorVerified: JuniorVerifiedPage,
      wallet: WalletHomePage,
      transactionList: TransactionListPage,
      service: ServicePage,
      search: SearchPage,
      chart: ChartPage,
      place: PlacePage,
      placeOption: PlaceOptionPage,
      position: PositionPage,
      history: HistoryPage,
    });
  });

  it('builds a route only when it names a page (features not built yet have none)', () => {
    for (const route of ROUTES) expect(route.built, route.name).toBe(route.page !== undefined);
    expect(built).toContain('standards');
    // /explore, the spec's empty tab, is not built on any brand (AP4): no tab or link leads to it.
    expect(built).not.toContain('explore');
  });

  it('refuses a route whose page module or export does not exist', async () => {
    const route = (page: RouteDef['page']): RouteDef => ({
      name: 'x',
      path: '/x',
      access: 'open',
      built: true,
      kind: 'page',
      fullPage: false,
      page,
    });
    // A missing export shows once its module has loaded.
    await expect(loadPage(route('home/home-page#NoSuchPage'))).rejects.toThrow(/no page/);
    expect(() => pageComponent(route('nowhere/nowhere-page#HomePage'))).toThrow(/no page/);
    await expect(loadPage(route('nowhere/nowhere-page#HomePage'))).rejects.toThrow(/no page/);
    expect(() => pageComponent(route(undefined))).toThrow(/not built/);
  });
});

describe('page kinds from the route table', () => {
  it('knows the sign-in and account pages', () => {
    expect(built.filter(isAuthPage)).toEqual(['login', 'register', 'forgot']);
    expect(built.filter(isAccountPage).sort()).toEqual(
      [
        'user',
        'account',
        'changePassword',
        'privacy',
        'bindEmail',
        'security',
        'notification',
        'alerts',
        'crypto',
        'addCrypto',
        'deleteCrypto',
        'bankCard',
        'addBankCard',
        'editBankCard',
        'withdraw',
        'loan',
        'deposit',
        'agreement',
        'myWallet',
        'verified',
        'juniorVerified',
        'wallet',
        'transactionList',
        'standards',
        'invite',
        'service',
      ].sort(),
    );
  });

  it('shows sign-in, account and search over the desktop trading layout', () => {
    expect(built.filter(isDesktopOverlayPage).sort()).toEqual(
      [
        'login',
        'register',
        'forgot',
        'user',
        'account',
        'changePassword',
        'privacy',
        'bindEmail',
        'security',
        'notification',
        'alerts',
        'crypto',
        'addCrypto',
        'deleteCrypto',
        'bankCard',
        'addBankCard',
        'editBankCard',
        'withdraw',
        'loan',
        'deposit',
        'agreement',
        'myWallet',
        'verified',
        'juniorVerified',
        'wallet',
        'transactionList',
        'standards',
        'invite',
        'service',
        'search',
      ].sort(),
    );
    expect(built.filter((p) => !isDesktopTradingPage(p))).toEqual(['quotation']);
  });

  it('shows chart, search, place, placeOption, sign-in and account sub-pages without the mobile tab bar', () => {
    expect(built.filter(isFullPage).sort()).toEqual(
      [
        'search',
        'login',
        'register',
        'forgot',
        'account',
        'changePassword',
        'privacy',
        'security',
        'bindEmail',
        'notification',
        'alerts',
        'crypto',
        'addCrypto',
        'deleteCrypto',
        'bankCard',
        'addBankCard',
        'editBankCard',
        'withdraw',
        'loan',
        'deposit',
        'agreement',
        'myWallet',
        'verified',
        'juniorVerified',
        'wallet',
        'transactionList',
        'standards',
        'invite',
        'service',
        'chart',
        'place',
        'placeOption',
      ].sort(),
    );
    expect(isFullPage('user')).toBe(false);
    expect(isFullPage('nope')).toBe(false);
  });
});

describe('account pages', () => {
  it.each([
    ['user', 'menu', 'account'],
    ['account', 'account', 'account'],
    ['changePassword', 'changePassword', 'changePassword'],
    ['privacy', 'privacy', 'privacy'],
    ['bindEmail', 'bindEmail', 'bindEmail'],
    ['security', 'security', 'security'],
    ['notification', null, null],
    ['withdraw', null, null],
    ['deposit', null, null],
    ['home', null, null],
  ])('%s shows the view %s, %s in the desktop dialog', (page, view, dialogView) => {
    expect(accountViewOf(page)).toBe(view);
    expect(accountViewOf(page, { dialog: true })).toBe(dialogView);
  });

  it('has the route path the account widget navigates to for each view', () => {
    for (const route of ROUTES.filter((r) => r.account?.view)) {
      expect(VIEW_PATHS[route.account!.view!], route.name).toBe(route.path);
    }
  });

  it('lists the dialog menu in the spec §2 order, the hidden pages under their entry', () => {
    const menu = accountDialogMenu();
    // Table order: the spec's menu order of §2 where the routes are built.
    expect(menu.map((item) => item.page)).toEqual([
      'account',
      'security',
      'myWallet',
      'verified',
      'juniorVerified',
      'crypto',
      'bankCard',
      'deposit',
      'withdraw',
      'loan',
      'wallet',
      'transactionList',
      'standards',
      'invite',
      'notification',
      'alerts',
      'service',
    ]);
    const entry = (page: string) => menu.find((item) => item.page === page);
    expect(entry('account')).toEqual({ page: 'account', to: '/user/account', label: 'account.my_account' });
    expect(entry('myWallet')).toMatchObject({ realOnly: true, requires: ['user/myWallet'] });
    expect(entry('crypto')).toMatchObject({
      to: '/user/wallet/crypto',
      requires: ['user/cryptoWallet'],
      hiddenBy: ['NO_WALLET_WITHDRAW'],
      realOnly: true,
    });
    expect(entry('bankCard')).toMatchObject({ requires: ['user/bankCard'], realOnly: true });
    expect(entry('loan')).toMatchObject({ to: '/user/loan', requires: ['user/loan'], realOnly: true });
    for (const page of ['wallet', 'transactionList', 'deposit', 'withdraw']) {
      expect(entry(page)?.realOnly, page).toBe(true);
    }
    expect(entry('notification')?.realOnly).toBeUndefined();
    expect(['addCrypto', 'deleteCrypto'].map(accountMenuPageOf)).toEqual(['crypto', 'crypto']);
    expect(['addBankCard', 'editBankCard'].map(accountMenuPageOf)).toEqual(['bankCard', 'bankCard']);
    expect(['user', 'account', 'changePassword', 'privacy', 'bindEmail'].map(accountMenuPageOf)).toEqual(
      Array(5).fill('account'),
    );
    expect(accountMenuPageOf('security')).toBe('security');
    expect(entry('standards')).toEqual({
      page: 'standards',
      to: '/user/standards',
      label: 'account.standards.menu',
      requires: ['user/standards'],
    });
    expect(entry('invite')).toEqual({ page: 'invite', to: '/user/invite', label: 'account.invite.menu' });
  });

  it.each([
    ['bank card on', { requires: ['user/bankCard'], realOnly: true }, ['user/bankCard'], false, true],
    ['bank card off', { requires: ['user/bankCard'], realOnly: true }, [], false, false],
    ['bank card on, demo', { requires: ['user/bankCard'], realOnly: true }, ['user/bankCard'], true, false],
    [
      'crypto on',
      { requires: ['user/cryptoWallet'], hiddenBy: ['NO_WALLET_WITHDRAW'] },
      ['user/cryptoWallet'],
      false,
      true,
    ],
    [
      'crypto on, wallet withdrawal off',
      { requires: ['user/cryptoWallet'], hiddenBy: ['NO_WALLET_WITHDRAW'] },
      ['user/cryptoWallet', 'NO_WALLET_WITHDRAW'],
      false,
      false,
    ],
    ['no flags', {}, [], true, true],
  ] as const)('dialog entry with %s', (_, item, on, virtual, shown) => {
    expect(menuItemShown(item, (flag) => (on as readonly string[]).includes(flag), virtual)).toBe(shown);
  });

  it('hides the real-only entries from the demo account and the switched-off ones', () => {
    const menu = accountDialogMenu();
    const pages = (virtual: boolean, on: string[]) =>
      menu
        .filter((item) => menuItemShown(item, (name) => on.includes(name), virtual))
        .map((item) => item.page);
    const all = ['user/myWallet', 'user/cryptoWallet', 'user/bankCard', 'user/loan', 'user/standards'];
    expect(pages(false, all)).toEqual([
      'account',
      'security',
      'myWallet',
      'crypto',
      'bankCard',
      'deposit',
      'withdraw',
      'loan',
      'wallet',
      'transactionList',
      'standards',
      'invite',
      'notification',
      'alerts',
      'service',
    ]);
    expect(pages(false, [])).toEqual([
      'account',
      'security',
      'deposit',
      'withdraw',
      'wallet',
      'transactionList',
      'invite',
      'notification',
      'alerts',
      'service',
    ]);
    expect(pages(true, all)).toEqual([
      'account',
      'security',
      'standards',
      'invite',
      'notification',
      'alerts',
      'service',
    ]);
  });

  it('lists each verification level only where the brand offers it, on the demo account too', () => {
    const menu = accountDialogMenu();
    const pages = (virtual: boolean, on: string[]) =>
      menu
        .filter((item) => menuItemShown(item, (name) => on.includes(name), virtual))
        .map((item) => item.page)
        .filter((page) => page === 'verified' || page === 'juniorVerified');
    expect(pages(false, ['showVerified', 'user/juniorVerified'])).toEqual(['verified', 'juniorVerified']);
    expect(pages(true, ['showVerified'])).toEqual(['verified']);
    expect(pages(false, ['user/juniorVerified'])).toEqual(['juniorVerified']);
    expect(pages(false, [])).toEqual([]);
  });

  it('knows which first pages show the CFD risk warning, so the start-up asks for its figure there (RW6, EK71)', () => {
    const pages = [
      'home',
      'quotation',
      'chart',
      'place',
      'placeOption',
      'position',
      'login',
      'account',
      'deposit',
    ];
    const shows = (desktop: boolean, mode: 'market' | 'option') =>
      pages.filter((page) => pageShowsRiskWarning(page, desktop, mode));
    // A phone: the order form carries its own; the market list and chart show it under their content.
    expect(shows(false, 'market')).toEqual(['quotation', 'chart', 'place']);
    expect(shows(false, 'option')).toEqual(['place']);
    // A desktop: every page of the trading layout or over it (sign-in, account dialog), in market mode only;
    // the market list is a page of its own there.
    expect(shows(true, 'market')).toEqual(pages.filter((page) => page !== 'quotation'));
    expect(shows(true, 'option')).toEqual([]);
  });

  it('gives the paths of routes without parameters and refuses the others', () => {
    expect(pathOf('account')).toBe('/user/account');
    expect(pathOf('security')).toBe('/user/security');
    expect(() => pathOf('chart')).toThrow(/parameters/);
    expect(() => pathOf('nope')).toThrow(/Unknown route/);
  });
});
