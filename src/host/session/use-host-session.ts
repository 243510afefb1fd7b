/** The page session for host components (one per platform, shared with every widget). */
import { useMemo } from 'react';
import { getSession } from '../../core/session/session';
import type { Session } from '../../core/session/session';
import { usePlatform } from '../../widgets/_shared/platform-context';
import { useAtomValue } from '../../widgets/_shared/store-react';

/** The session with its state, user and balance (re-renders when they change). */
export function useHostSession() {
  const platform = usePlatform();
  const session: Session = useMemo(() => getSession(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  const user = useAtomValue(session.atoms.user);
  const balance = useAtomValue(session.atoms.balance);
  return { platform, session, state, user, balance };
}

/** Whether the page session is signed in (the route guards' input). */
export function useSignedIn(): boolean {
  return useHostSession().state.status === 'signedIn';
}
