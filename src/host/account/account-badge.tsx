/**
 * The account a signed-in trader is on, for host headers of trading screens (issue #11 item 8): a
 * coloured "Demo account" badge, or a quiet "Real account" one. Nothing for a visitor.
 */
import { useT } from '../../widgets/_shared/use-t';
import { useHostSession } from '../session/use-host-session';
import './account-badge.css';

/** The badge of the session's account. */
export function AccountBadge() {
  const t = useT();
  const { state } = useHostSession();
  if (state.status !== 'signedIn') return null;
  return (
    <span
      className="host-account-badge"
      data-account={state.virtual ? 'demo' : 'real'}
      data-testid="account-badge"
    >
      {t(state.virtual ? 'account_strip.demo' : 'account_strip.real')}
    </span>
  );
}
