import { useEffect } from 'react';
import { ORDER_FORM_BALANCE_POLL_MS } from '../../core/contract/trading';
import type { Session } from '../../core/session/session';

/**
 * Spec §7/§9: while an order form is open and someone is signed in, the balance is fetched every 1 s
 * (silently; a poll still in flight is not doubled).
 */
export function useBalancePoll(session: Session, signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return undefined;
    let busy = false;
    const poll = () => {
      if (busy) return;
      busy = true;
      void session.refreshBalance({ silent: true }).finally(() => (busy = false));
    };
    poll();
    const timer = setInterval(poll, ORDER_FORM_BALANCE_POLL_MS);
    return () => clearInterval(timer);
  }, [session, signedIn]);
}
