/** Mobile account pages: <Account> full page for /user and its children. */
import { Account } from '../../../widgets/account';
import { useRoute } from '../../routing/router';
import { accountViewOf } from '../page-kinds';
import { useAccountProps } from './use-account-props';
import './account-page.css';

/** The account page of the current route. */
export function AccountPage() {
  const { page } = useRoute();
  const props = useAccountProps();
  return (
    <div className="host-account-page" data-testid="account-page">
      <Account {...props} view={accountViewOf(page) ?? 'menu'} />
    </div>
  );
}
