/** Desktop: the sign-in card or the account dialog of the current route, over the trading layout. */
import { useRoute } from '../routing/router';
import { AccountDialog } from './account/account-dialog';
import { AuthOverlay } from './auth/auth-overlay';
import { isAccountPage, isAuthPage } from './page-kinds';

/** Renders the overlay of an overlay route, nothing otherwise. */
export function DesktopOverlay() {
  const { page } = useRoute();
  if (isAuthPage(page)) return <AuthOverlay />;
  if (isAccountPage(page)) return <AccountDialog page={page} />;
  return null;
}
