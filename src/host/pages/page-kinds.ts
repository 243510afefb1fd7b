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
export function accountDialogMenu(
  table: readonly RouteDef[] = ROUTES,
): { page: string; to: string; label: string; realOnly?: boolean; flag?: string }[] {
  return table.flatMap((r) =>
    r.built && r.kind === 'account' && r.account?.menu
      ? [
          {
            page: r.name,
            to: r.path,
            label: r.account.menu,
            ...(r.account.realOnly ? { realOnly: true } : {}),
            ...(r.account.flag ? { flag: r.account.flag } : {}),
          },
        ]
      : [],
  );
}

/** The dialog menu entries this account and brand see (demo: no wallet pages; brand switches). */
export function visibleAccountMenu<T extends { realOnly?: boolean; flag?: string }>(
  menu: readonly T[],
  virtual: boolean,
  flagOn: (name: string) => boolean,
): T[] {
  return menu.filter((item) => !(item.realOnly && virtual) && (!item.flag || flagOn(item.flag)));
}

/** Desktop: the dialog menu entry an account route belongs to (pages without one are under `account`). */
export function accountMenuPageOf(page: string): string {
  return byName.get(page)?.account?.menu ? page : 'account';
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
