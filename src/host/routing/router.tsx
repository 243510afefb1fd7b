/** React side of the router: resolves the location, applies redirects and exposes the current route. */
import {
  createContext,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { currentPath, navigate, subscribeLocation } from './history';
import { isRedirect, resolve, type PageResolution } from './resolve';
import { ROUTES, type RouteDef } from './routes';

/** The route being shown: page name, params and query. */
export interface RouteState {
  page: string;
  params: PageResolution['params'];
  query: PageResolution['query'];
  path: string;
}

const RouteContext = createContext<RouteState | null>(null);

/** The current location path (re-renders on navigation). */
export function useLocationPath(): string {
  return useSyncExternalStore(subscribeLocation, currentPath, () => '/');
}

export interface RouterProps {
  /** Shows a guard notice (an i18n key) to the user. */
  onNotice?: (key: string) => void;
  /** The route table (tests; the build's table by default). */
  routes?: readonly RouteDef[];
  /** Whether the page session is signed in (the guards of spec §2). */
  signedIn: boolean;
  children: ReactNode;
}

/** Resolves the location and renders children with the route; renders nothing while redirecting. */
export function Router({ onNotice, routes = ROUTES, signedIn, children }: RouterProps) {
  const path = useLocationPath();
  // A sign-in on /login, /register or /forgot goes to the return path instead of the already-logged-in notice.
  const wasSignedIn = useRef(signedIn);
  const justSignedIn = signedIn && !wasSignedIn.current;
  useLayoutEffect(() => {
    wasSignedIn.current = signedIn;
  }, [signedIn]);
  // The route is worked out again, and a new one handed to every page's `useRoute`, only when an input changes:
  // the router renders with its parent, which the session's state renders (EK62).
  const resolution = useMemo(
    () => resolve(path, { signedIn, justSignedIn }, routes),
    [path, signedIn, justSignedIn, routes],
  );
  const target = isRedirect(resolution) ? resolution.redirect : null;
  const notice = isRedirect(resolution) ? resolution.notice : undefined;

  useLayoutEffect(() => {
    if (target === null) return;
    if (notice) onNotice?.(notice);
    navigate(target, { replace: true });
  }, [path, target, notice, onNotice]);

  const route = useMemo<RouteState | null>(
    () =>
      isRedirect(resolution)
        ? null
        : { page: resolution.page, params: resolution.params, query: resolution.query, path },
    [resolution, path],
  );
  if (route === null) return null;
  return <RouteContext.Provider value={route}>{children}</RouteContext.Provider>;
}

/** The current route; only valid under `<Router>`. */
export function useRoute(): RouteState {
  const route = useContext(RouteContext);
  if (!route) throw new Error('useRoute() used outside <Router>');
  return route;
}
