/**
 * How the shells show the pages of issues #3 and #5. Mobile: every one full page (sign-in and account sub-pages
 * without the tab bar). Desktop: sign-in pages as overlay cards and account pages in a dialog panel over the
 * trading layout (spec §2); their URLs stay real routes, so guards, deep links and Back work the same.
 */
import type { AccountView } from '../../widgets/account';

/** The views of <Auth> by route name. */
export const AUTH_PAGES = { login: 'login', register: 'register', forgot: 'forgot' } as const;
export type AuthPageName = keyof typeof AUTH_PAGES;

/** The <Account> view of each account route; `/user` is the user menu. */
export const ACCOUNT_PAGES: Readonly<Record<string, AccountView>> = {
  user: 'menu',
  account: 'account',
  changePassword: 'changePassword',
  privacy: 'privacy',
  bindEmail: 'bindEmail',
  security: 'security',
};

/** Whether a route is a sign-in page. */
export function isAuthPage(page: string): page is AuthPageName {
  return page in AUTH_PAGES;
}

/** Whether a route is an account page. */
export function isAccountPage(page: string): boolean {
  return page in ACCOUNT_PAGES;
}

/** Desktop: pages shown over the trading layout instead of in place of it. */
export function isDesktopOverlayPage(page: string): boolean {
  return isAuthPage(page) || isAccountPage(page) || page === 'search';
}

/** Desktop routes shown as a state of the trading layout: a symbol, the order panel, a side panel. */
const DESKTOP_LAYOUT_PAGES = new Set(['home', 'chart', 'place', 'position', 'history']);

/** Desktop: routes that show the trading layout. */
export function isDesktopTradingPage(page: string): boolean {
  return DESKTOP_LAYOUT_PAGES.has(page) || isDesktopOverlayPage(page);
}

/** Mobile pages with their own back bar instead of the tab bar. */
const MOBILE_FULL_PAGES = new Set(['chart', 'search', 'place']);

/** Mobile: pages shown without the tab bar (the user menu keeps it: it is a tab). */
export function isFullPage(page: string): boolean {
  return isAuthPage(page) || (isAccountPage(page) && page !== 'user') || MOBILE_FULL_PAGES.has(page);
}
