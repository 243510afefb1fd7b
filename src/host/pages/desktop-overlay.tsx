/** Desktop: the sign-in card, account dialog or search dialog of the current route, over the trading layout. */
import { useRoute } from '../routing/router';
import { AccountDialog } from './account/account-dialog';
import { AuthOverlay } from './auth/auth-overlay';
import { isAccountPage, isAuthPage } from './page-kinds';
import { SearchDialog } from './search/search-page';

/** Renders the overlay of an overlay route, nothing otherwise. */
export function DesktopOverlay() {
  const { page } = useRoute();
  if (isAuthPage(page)) return <AuthOverlay />;
  if (isAccountPage(page)) return <AccountDialog page={page} />;
  if (page === 'search') return <SearchDialog />;
  return null;
}
