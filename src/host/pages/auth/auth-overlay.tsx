/**
 * Desktop sign-in (spec §2): login, register and forgot as an overlay card 420 px wide, with the site name
 * and version, over the trading layout. Shown only without a session (the route guard sends a signed-in
 * user home). Closing goes home.
 */
import { CLIENT_VERSION } from '../../../core/config/version';
import { INVITE_QUERY } from '../../../core/domain/invitation';
import { Auth } from '../../../widgets/auth';
import { useT } from '../../../widgets/_shared/use-t';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { useRoute } from '../../routing/router';
import { BrandLogo } from '../../ui/brand-logo';
import { CloseIcon } from '../account/close-icon';
import '../account/account-page.css';

/** The overlay card of the current sign-in route. */
export function AuthOverlay() {
  const t = useT();
  const { page, query } = useRoute();
  const { config, siteTitle, theme } = useHost();
  const close = () => navigate('/');
  return (
    <div
      className="host-auth-overlay"
      data-testid="auth-overlay"
      onClick={(e) => e.target === e.currentTarget && close()}
      onKeyDown={(e) => e.key === 'Escape' && close()}
    >
      <div className="host-auth-card" role="dialog" aria-modal="true" aria-label={config.brand.name}>
        <div className="host-auth-card__head">
          <BrandLogo brand={config.brand} decorative />
          <button type="button" className="host-icon-btn" aria-label={t('common.close')} onClick={close}>
            <CloseIcon />
          </button>
        </div>
        <div className="host-auth-card__site">
          <p className="host-auth-card__name">{siteTitle}</p>
          <p className="host-auth-card__version">
            {t('app.version', { version: config.version || CLIENT_VERSION })}
          </p>
        </div>
        <Auth
          view={page}
          to={query.to}
          invite={query[INVITE_QUERY]}
          theme={theme}
          onNavigate={({ to }) => navigate(to)}
        />
      </div>
    </div>
  );
}
