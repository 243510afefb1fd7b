/**
 * Desktop account pages (spec §2 "Account pages open inside a dialog panel instead of navigating"): the
 * dialog menu beside the page, over the trading layout. Closing goes home; the URL names the page shown.
 */
import { Suspense } from 'react';
import { isConfigOn } from '../../../core/config/system-config';
import { Account } from '../../../widgets/account';
import { getSession } from '../../../core/session/session';
import { usePlatform } from '../../../widgets/_shared/platform-context';
import { useAtomValue } from '../../../widgets/_shared/store-react';
import { useT } from '../../../widgets/_shared/use-t';
import { navigate } from '../../routing/history';
import { Link } from '../../routing/link';
import { routeByName } from '../../routing/routes';
import { Dialog } from '../../ui/dialog';
import { UnreadBadge } from '../../ui/unread-badge';
import { accountDialogMenu, accountMenuPageOf, accountViewOf, menuItemShown } from '../page-kinds';
import { pageComponent } from '../registry';
import { PagePending } from '../route-outlet';
import { isKycRoute, KycMenuStatus } from '../verification/kyc-menu-status';
import { CloseIcon } from './close-icon';
import { useAccountProps } from './use-account-props';
import './account-page.css';

/** The dialog menu (routes.ts `account.menu`; change password, privacy and bind email have no entry). */
const MENU = accountDialogMenu();

/** The account dialog for an account route. */
export function AccountDialog({ page }: { page: string }) {
  const t = useT();
  const props = useAccountProps();
  const platform = usePlatform();
  const systemConfig = useAtomValue(platform.atoms.systemConfig);
  const session = getSession(platform);
  const sessionState = useAtomValue(session.atoms.state);
  const virtual = sessionState.virtual;
  // A visitor reaches only the open pages (customer service): no menu of pages that need a session.
  const signedIn = sessionState.status === 'signedIn';
  // Entries behind brand flags (crypto wallet, bank card) show only where the brand offers them.
  const menu = MENU.filter((item) => menuItemShown(item, (flag) => isConfigOn(systemConfig, flag), virtual));
  // The user menu's content (balance, switch, language, theme) lives in the desktop top bar.
  const view = accountViewOf(page, { dialog: true }) ?? 'account';
  const top = view === 'account' || view === 'security';
  // An account page of another widget (notifications) renders its own page in the body.
  const route = routeByName(page);
  const Own = route.account && !route.account.view && route.page ? pageComponent(route) : null;
  const close = () => navigate('/');
  // An open page (customer service, reached by visitors too) is not the account: it carries its own title (SJ1).
  const title = route.access === 'open' && route.account?.menu ? route.account.menu : 'account.my_account';
  return (
    <div className="host-account-dialog">
      <Dialog title={t(title)} onClose={close} wide testId="account-dialog">
        <button
          type="button"
          className="host-icon-btn host-account-dialog__close"
          aria-label={t('common.close')}
          onClick={close}
        >
          <CloseIcon />
        </button>
        <div className="host-account-dialog__grid" data-menu={signedIn ? undefined : 'none'}>
          {signedIn ? (
            <nav className="host-account-dialog__nav" aria-label={t('account.user_menu')}>
              {menu.map((item) => (
                <Link
                  key={item.page}
                  to={item.to}
                  replace
                  className="host-account-dialog__link"
                  aria-current={accountMenuPageOf(page) === item.page ? 'page' : undefined}
                >
                  {t(item.label)}
                  {item.page === 'notification' ? <UnreadBadge testId="dialog-notification-unread" /> : null}
                  {isKycRoute(item.page) ? <KycMenuStatus page={item.page} shown={page} /> : null}
                </Link>
              ))}
            </nav>
          ) : null}
          <div className="host-account-dialog__body">
            {Own ? (
              <Suspense fallback={<PagePending />}>
                <Own />
              </Suspense>
            ) : (
              <Account {...props} view={view} back={!top} />
            )}
          </div>
        </div>
      </Dialog>
    </div>
  );
}
