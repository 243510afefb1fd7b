/** Desktop: the sign-in card, account dialog or search dialog of the current route, over the trading layout. */
import { useRoute } from '../routing/router';
import { AccountDialog } from './account/account-dialog';
import { AuthOverlay } from './auth/auth-overlay';
import { pageKindOf } from './page-kinds';
import { SearchDialog } from './search/search-page';

/** Renders the overlay of an overlay route (routes.ts kinds `auth`, `account`, `search`), nothing otherwise. */
export function DesktopOverlay() {
  const { page } = useRoute();
  switch (pageKindOf(page)) {
    case 'auth':
      return <AuthOverlay />;
    case 'account':
      return <AccountDialog page={page} />;
    case 'search':
      return <SearchDialog />;
    default:
      return null;
  }
}
