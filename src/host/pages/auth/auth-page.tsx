/** Sign-in pages on mobile: <Auth> full page (login, register, forgot), with the return path. */
import { INVITE_QUERY } from '../../../core/domain/invitation';
import { Auth } from '../../../widgets/auth';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { Link } from '../../routing/link';
import { useRoute } from '../../routing/router';
import { ChevronLeftIcon } from '../../ui/icons';
import { useT } from '../../../widgets/_shared/use-t';
import '../account/account-page.css';

/** The auth page of the current route. */
export function AuthPage() {
  const { page, query } = useRoute();
  const t = useT();
  const { siteTitle, theme } = useHost();
  return (
    <div className="host-auth-page" data-testid="auth-page">
      <header className="host-auth-page__bar">
        <Link className="host-icon-btn" to="/" aria-label={t('nav.home')}>
          <ChevronLeftIcon />
        </Link>
        <span className="host-auth-page__site">{siteTitle}</span>
      </header>
      <Auth
        view={page}
        to={query.to}
        invite={query[INVITE_QUERY]}
        theme={theme}
        onNavigate={({ to }) => navigate(to)}
      />
    </div>
  );
}
