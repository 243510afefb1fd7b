import { useMemo } from 'react';
import { getSession } from '../../core/session/session';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';

/** The page session with its state, user and balance (re-renders when any of them changes). */
export function useSession() {
  const platform = usePlatform();
  const session = useMemo(() => getSession(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  const user = useAtomValue(session.atoms.user);
  const balance = useAtomValue(session.atoms.balance);
  return { platform, session, state, user, balance };
}
