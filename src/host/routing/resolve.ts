/** Pure route resolution: pattern matching and the guards of spec §2 (no DOM, no React). */
import { firstMatch } from '../../core/contract/route-pattern';
import { ROUTES, type RouteDef } from './routes';

export type Params = Readonly<Record<string, string>>;
export type Query = Readonly<Record<string, string>>;

/** A location that shows a page. */
export interface PageResolution {
  page: string;
  route: RouteDef;
  params: Params;
  query: Query;
}

/** A location that must be replaced, with an optional i18n key to show as a notice. */
export interface RedirectResolution {
  redirect: string;
  notice?: string;
}

export type Resolution = PageResolution | RedirectResolution;

export interface ResolveContext {
  signedIn: boolean;
  /** The session has just started on this page (a sign-in on /login): go to the return path, no notice. */
  justSignedIn?: boolean;
}

const HOME = '/';

/** The first route whose path or alias matches, with its params; null when nothing matches. */
export function matchRoute(
  pathname: string,
  table: readonly RouteDef[] = ROUTES,
): { route: RouteDef; params: Params } | null {
  const match = firstMatch(table, (route) => [route.path, ...(route.aliases ?? [])], pathname);
  return match && { route: match.item, params: match.params };
}

/** Query string as a plain record (first value wins for repeated keys). */
export function parseQuery(search: string): Query {
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) if (!(key in query)) query[key] = value;
  return query;
}

/**
 * Resolves `path` (pathname plus optional query) against the route table. Order: unknown → `/`; page not
 * built in this build → `/` (no notice: there is nothing to sign in for); protected while signed out →
 * `/login?to=…`; login/register/forgot while signed in → `/` with a notice; otherwise the page.
 */
export function resolve(path: string, ctx: ResolveContext, table: readonly RouteDef[] = ROUTES): Resolution {
  const url = new URL(path, 'http://host.invalid');
  const found = matchRoute(url.pathname, table);
  if (!found || !found.route.built) return { redirect: HOME };
  const { route, params } = found;
  if (route.access === 'protected' && !ctx.signedIn) {
    const to = encodeURIComponent(url.pathname + url.search);
    return { redirect: `/login?to=${to}`, notice: 'app.login_required' };
  }
  if (route.access === 'signedOutOnly' && ctx.signedIn) {
    if (ctx.justSignedIn) return { redirect: returnPath(url.searchParams.get('to')) };
    return { redirect: HOME, notice: 'app.already_logged_in' };
  }
  return { page: route.name, route, params, query: parseQuery(url.search) };
}

/**
 * Where to go after signing in: the `to` query when it is a path of this site (never `//host`, a backslash
 * variant or a scheme, so a crafted link cannot send a fresh session elsewhere), else home.
 */
export function returnPath(to: string | null | undefined): string {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return HOME;
  try {
    const url = new URL(to, 'http://host.invalid');
    return url.origin === 'http://host.invalid' ? url.pathname + url.search : HOME;
  } catch {
    return HOME;
  }
}

/** Type guard for the redirect branch. */
export function isRedirect(r: Resolution): r is RedirectResolution {
  return 'redirect' in r;
}
