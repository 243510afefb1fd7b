import { describe, expect, it } from 'vitest';
import { VIEW_PATHS } from '../../widgets/account';
import { pathOf, ROUTES, type RouteDef } from '../routing/routes';
import { AccountPage } from './account/account-page';
import { AuthPage } from './auth/auth-page';
import { ChartPage } from './chart/chart-page';
import { HomePage } from './home/home-page';
import { NotificationsPage } from './notifications/notifications-page';
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
  visibleAccountMenu,
} from './page-kinds';
import { PlaceOptionPage } from './place/place-option-page';
import { PlacePage } from './place/place-page';
import { QuotationPage } from './quotation/quotation-page';
import { pageComponent, PAGES } from './registry';
import { SearchPage } from './search/search-page';
import { MyWalletPage, TransactionListPage, WalletHomePage } from './wallet/wallet-pages';

const built = ROUTES.filter((r) => r.built).map((r) => r.name);

describe('the page registry, derived from the route table', () => {
  it('has a page for exactly the routes marked built', () => {
    expect(Object.keys(PAGES).sort()).toEqual([...built].sort());
  });

  it('finds the component each built route names', () => {
    expect(PAGES).toEqual({
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
      notification: NotificationsPage,
      myWallet: MyWalletPage,
      wallet: WalletHomePage,
      transactionList: TransactionListPage,
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
    expect(built).not.toContain('loan');
    expect(built).not.toContain('explore');
  });

  it('refuses a route whose page module or export does not exist', () => {
    const route = (page: RouteDef['page']): RouteDef => ({
      name: 'x',
      path: '/x',
      access: 'open',
      built: true,
      kind: 'page',
      fullPage: false,
      page,
    });
    expect(() => pageComponent(route('home/home-page#NoSuchPage'))).toThrow(/no page/);
    expect(() => pageComponent(route('nowhere/nowhere-page#HomePage'))).toThrow(/no page/);
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
        'myWallet',
        'wallet',
        'transactionList',
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
        'myWallet',
        'wallet',
        'transactionList',
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
        'myWallet',
        'wallet',
        'transactionList',
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

  it('lists My account and Security in the desktop dialog menu, the other pages under My account', () => {
    expect(accountDialogMenu()).toEqual([
      { page: 'account', to: '/user/account', label: 'account.my_account' },
      {
        page: 'myWallet',
        to: '/user/myWallet',
        label: 'wallet.menu.my_wallet',
        realOnly: true,
        flag: 'user/myWallet',
      },
      { page: 'security', to: '/user/security', label: 'account.security' },
      { page: 'wallet', to: '/user/wallet', label: 'wallet.menu.wallet', realOnly: true },
      {
        page: 'transactionList',
        to: '/user/wallet/transactionList',
        label: 'wallet.menu.records',
        realOnly: true,
      },
      { page: 'notification', to: '/user/notification', label: 'account.notification' },
    ]);
    expect(['user', 'account', 'changePassword', 'privacy', 'bindEmail'].map(accountMenuPageOf)).toEqual(
      Array(5).fill('account'),
    );
    expect(accountMenuPageOf('security')).toBe('security');
  });

  it('hides the real-only entries from the demo account and the switched-off ones', () => {
    const menu = accountDialogMenu();
    const pages = (virtual: boolean, on: string[]) =>
      visibleAccountMenu(menu, virtual, (name) => on.includes(name)).map((item) => item.page);
    expect(pages(false, ['user/myWallet'])).toEqual([
      'account',
      'myWallet',
      'security',
      'wallet',
      'transactionList',
      'notification',
    ]);
    expect(pages(false, [])).toEqual(['account', 'security', 'wallet', 'transactionList', 'notification']);
    expect(pages(true, ['user/myWallet'])).toEqual(['account', 'security', 'notification']);
  });

  it('gives the paths of routes without parameters and refuses the others', () => {
    expect(pathOf('account')).toBe('/user/account');
    expect(pathOf('security')).toBe('/user/security');
    expect(() => pathOf('chart')).toThrow(/parameters/);
    expect(() => pathOf('nope')).toThrow(/Unknown route/);
  });
});
