/** Sign-in pages on mobile: <Auth> full page (login, register, forgot), with the return path. */
import { Auth } from '../../../widgets/auth/auth';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { useRoute } from '../../routing/router';
import '../account/account-page.css';

/** The auth page of the current route. */
export function AuthPage() {
  const { page, query } = useRoute();
  const { theme } = useHost();
  return (
    <div className="host-auth-page" data-testid="auth-page">
      <Auth view={page} to={query.to} theme={theme} onNavigate={({ to }) => navigate(to)} />
    </div>
  );
}
