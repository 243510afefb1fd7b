/**
 * How the shells show the pages, read from the route table (routes.ts `kind`, `fullPage`, `account`).
 * Mobile: every page in place (sign-in and account sub-pages without the tab bar). Desktop: sign-in pages as
 * overlay cards and account pages in a dialog panel over the trading layout (spec §2); their URLs stay real
 * routes, so guards, deep links and Back work the same.
 */
import type { AccountView } from '../../widgets/account';
import { ROUTES, type PageKind, type RouteDef } from '../routing/routes';

const byName = new Map(ROUTES.map((r) => [r.name, r]));

/** The kind of a route (routes.ts `kind`); undefined for an unknown name. */
export function pageKindOf(page: string): PageKind | undefined {
  return byName.get(page)?.kind;
}

/** The sign-in views of <Auth>: each sign-in route shows the view of its name. */
export type AuthPageName = 'login' | 'register' | 'forgot';

/** Whether a route is a sign-in page. */
export function isAuthPage(page: string): page is AuthPageName {
  return pageKindOf(page) === 'auth';
}

/** Whether a route is an account page. */
export function isAccountPage(page: string): boolean {
  return pageKindOf(page) === 'account';
}

/** The <Account> view of an account route (mobile, and the desktop dialog with `dialog`); null otherwise. */
export function accountViewOf(page: string, { dialog = false } = {}): AccountView | null {
  const account = byName.get(page)?.account;
  if (!account) return null;
  return (dialog && account.dialogView) || account.view || null;
}

/** Desktop: the account dialog's menu, the built account routes that have an entry, in table order. */
export function accountDialogMenu(table: readonly RouteDef[] = ROUTES): AccountMenuItem[] {
  return table.flatMap((r) =>
    r.built && r.kind === 'account' && r.account?.menu
      ? [
          {
            page: r.name,
            to: r.path,
            label: r.account.menu,
            ...(r.account.requires && { requires: r.account.requires }),
            ...(r.account.hiddenBy && { hiddenBy: r.account.hiddenBy }),
            ...(r.account.realOnly && { realOnly: true }),
          },
        ]
      : [],
  );
}

/** One entry of the desktop account dialog menu, with the brand flags and account kind it shows for. */
export interface AccountMenuItem {
  page: string;
  to: string;
  label: string;
  requires?: readonly string[];
  hiddenBy?: readonly string[];
  realOnly?: boolean;
}

/** Whether a dialog menu entry shows for the brand's flags (`isOn`) and the account (demo or real). */
export function menuItemShown(
  item: Pick<AccountMenuItem, 'requires' | 'hiddenBy' | 'realOnly'>,
  isOn: (flag: string) => boolean,
  virtual: boolean,
): boolean {
  if (item.realOnly && virtual) return false;
  if (item.requires && !item.requires.every(isOn)) return false;
  return !(item.hiddenBy ?? []).some(isOn);
}

/** Desktop: the dialog menu entry an account route belongs to (pages without one are under `account`). */
export function accountMenuPageOf(page: string): string {
  const account = byName.get(page)?.account;
  if (account?.menu) return page;
  // A hidden page belongs to the entry it names (addCrypto → crypto, editBankCard → bankCard).
  return account?.entry ?? 'account';
}

/** Desktop: pages shown over the trading layout instead of in place of it. */
export function isDesktopOverlayPage(page: string): boolean {
  const kind = pageKindOf(page);
  return kind === 'auth' || kind === 'account' || kind === 'search';
}

/** Desktop: routes that show the trading layout (as its state, or under an overlay). */
export function isDesktopTradingPage(page: string): boolean {
  return pageKindOf(page) === 'trading' || isDesktopOverlayPage(page);
}

/** Mobile: pages shown without the tab bar (the user menu keeps it: it is a tab). */
export function isFullPage(page: string): boolean {
  return byName.get(page)?.fullPage ?? false;
}

/** Mobile: the pages under whose content the shell shows the CFD risk warning in market mode (RW6). */
const PHONE_RISK_WARNING_PAGES: ReadonlySet<string> = new Set(['quotation', 'chart']);

/** Mobile: whether the shell shows the CFD risk warning under the page (in market mode only). */
export function phonePageWarns(page: string): boolean {
  return PHONE_RISK_WARNING_PAGES.has(page);
}

/**
 * Whether a page shows the CFD risk warning of a brand that offers market mode, in the trade mode shown: the
 * market order form carries its own (a phone's `place`; the desktop's order panel is in the trading layout), the
 * phone's market list and chart show it under their content, and the desktop's trading layout under its lists
 * (RW6); none in option mode, whose contracts are not CFDs.
 */
export function pageShowsRiskWarning(page: string, desktop: boolean, mode: 'market' | 'option'): boolean {
  if (desktop) return mode === 'market' && isDesktopTradingPage(page);
  return page === 'place' || (mode === 'market' && phonePageWarns(page));
}
