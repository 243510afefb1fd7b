/**
 * The router with the session's state as guard input, and the session's navigation (spec §7: a 401 or
 * 23519 goes to /login with the return path; an expired or ended session goes home).
 */
import { useEffect, type ReactNode } from 'react';
import { currentPath, navigate } from '../routing/history';
import { matchRoute } from '../routing/resolve';
import { Router } from '../routing/router';
import { showNotice } from '../ui/notice';
import { useHostSession } from './use-host-session';

/** Where a rejected session sends the page; null when the route guard already does (or nothing to do). */
export function unauthorizedTarget(path: string): string | null {
  const url = new URL(path, 'http://host.invalid');
  const access = matchRoute(url.pathname)?.route.access;
  // A protected page is guarded by the router once the state is signed out; a sign-in page stays.
  if (access === 'protected' || access === 'signedOutOnly') return null;
  return `/login?to=${encodeURIComponent(url.pathname + url.search)}`;
}

function SessionNavigation() {
  const { session } = useHostSession();
  useEffect(() => {
    session.setNavigation({
      onUnauthorized() {
        const target = unauthorizedTarget(currentPath());
        if (!target) return;
        showNotice('app.login_required');
        navigate(target, { replace: true });
      },
      onEnded() {
        navigate('/', { replace: true });
      },
    });
    return () => session.setNavigation(null);
  }, [session]);
  return null;
}

/** The host router guarded by the page session. */
export function SessionRouter({ children }: { children: ReactNode }) {
  const { state } = useHostSession();
  // A session is loading through the refresh cookie (after a reload): neither "signed in" nor "signed out"
  // yet, so no route guard may send the visitor anywhere until it is known (a moment: one call).
  if (state.status === 'restoring') return <div className="tk-host-restoring" aria-busy="true" />;
  return (
    <Router onNotice={showNotice} signedIn={state.status === 'signedIn'}>
      <SessionNavigation />
      {children}
    </Router>
  );
}
