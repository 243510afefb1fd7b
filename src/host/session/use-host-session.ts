/** The page session for host components (one per platform, shared with every widget). */
import { useMemo } from 'react';
import { getSession } from '../../core/session/session';
import type { Session } from '../../core/session/session';
import type { Platform } from '../../core/runtime/types';
import { usePlatform } from '../../widgets/_shared/platform-context';
import { useAtomValue } from '../../widgets/_shared/store-react';

/**
 * The session with its state (re-renders when it changes). The user and the balance are read where they are
 * shown (`useHostUser`, `useHostBalance`): the balance is polled every second on a trading page, and a component
 * that only asks whether someone is signed in (the router above every page) must not render with it (EK62).
 */
export function useHostSession() {
  const { platform, session } = usePageSession();
  const state = useAtomValue(session.atoms.state);
  return { platform, session, state };
}

/** The signed-in user's info, or null (re-renders when user/info brings another). */
export function useHostUser() {
  return useAtomValue(usePageSession().session.atoms.user);
}

/** The account's balance and locked margin, or null (re-renders when they change). */
export function useHostBalance() {
  return useAtomValue(usePageSession().session.atoms.balance);
}

/** The page's platform and its one session (no render of its own). */
function usePageSession(): { platform: Platform; session: Session } {
  const platform = usePlatform();
  const session = useMemo(() => getSession(platform), [platform]);
  return { platform, session };
}

/** Whether the page session is signed in (the route guards' input). */
export function useSignedIn(): boolean {
  return useHostSession().state.status === 'signedIn';
}
