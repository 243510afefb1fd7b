import { useEffect, useMemo } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { clearImageCache } from '../../core/media/authorized-image';
import type { EventCallbacks } from '../_shared/events';
import { useAtomValue } from '../_shared/store-react';
import { useT } from '../_shared/use-t';
import { useEmit } from '../_shared/widget-host';
import { WidgetRoot } from '../_shared/widget-root';
import { parseCashier, parseView, viewOfPath, VIEW_PATHS } from './account.logic';
import type { AccountView as View } from './account.logic';
import { AccountContextProvider } from './account-context';
import type { AccountContextValue, ColorSchemeOption } from './account-context';
import { AccountView } from './account-view';
import { ACCOUNT_CSS as css } from './styles';
import { BindEmail } from './bind-email';
import { ChangePassword } from './change-password';
import { Privacy } from './privacy';
import { Invite } from './invite';
import { Security } from './security';
import { Standards } from './standards';
import { ToastProvider } from '../_shared/toast';
import { useViewNav } from '../_shared/use-view-nav';
import { usePreferences } from './use-preferences';
import type { PreferenceProps } from './use-preferences';
import { useSession } from './use-session';
import { UserMenu } from './user-menu';

/** Props of <Account>: the attributes of <tk-account> (account.meta.ts) and its output callbacks. */
export interface AccountProps
  extends EventCallbacks<'tk-navigate' | 'tk-logout' | 'tk-account-switch'>, PreferenceProps {
  view?: string;
  /** Show the back button of sub-pages (default true). */
  back?: boolean;
  /** Colour pairs for the theme drawer (the drawer is hidden without two or more). */
  colorSchemes?: readonly ColorSchemeOption[];
  /** The cashier pages the page has (`deposit withdraw`): the balance card's buttons on a real account. */
  cashier?: string;
}

const VIEWS: Record<View, () => ReactNode> = {
  menu: UserMenu,
  account: AccountView,
  changePassword: ChangePassword,
  privacy: Privacy,
  bindEmail: BindEmail,
  security: Security,
  standards: Standards,
  invite: Invite,
};

/** Valid colour pairs of the `color-schemes` attribute. */
function schemesOf(value: unknown): ColorSchemeOption[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (s): s is ColorSchemeOption =>
      typeof s?.id === 'string' && typeof s?.up === 'string' && typeof s?.down === 'string',
  );
}

/** How the account names its pages (its `view` attribute, its paths). */
const ACCOUNT_VIEWS = { parseView, viewOfPath };

/** The account hub of spec §2 (user menu, account, change password, privacy, bind email, second factor). */
export function Account(props: AccountProps) {
  const t = useT();
  const session = useSession();
  const { platform, state, user } = session;
  const config = useAtomValue(platform.atoms.config);
  const configError = useAtomValue(platform.atoms.configError);
  const systemConfig = useAtomValue(platform.atoms.systemConfig);
  const { view, navigate } = useViewNav('account.view', props, ACCOUNT_VIEWS);
  const prefs = usePreferences(props);
  const emit = useEmit(props);
  // A brand that fixes its colours offers no pair, whatever the page passes, and ignores one picked before (UC1).
  const fixed = config?.brand.userColors === false;
  const colorSchemes = useMemo(
    () => (fixed ? [] : schemesOf(props.colorSchemes)),
    [fixed, props.colorSchemes],
  );
  const signedIn = state.status === 'signedIn';

  useEffect(() => {
    if (!signedIn) clearImageCache();
  }, [signedIn]);
  // The session loads the user itself; this covers a widget mounted after that load failed, and shares the
  // answer of one still on its way.
  useEffect(() => {
    if (signedIn) void session.session.ensureUser();
  }, [signedIn, session.session]);

  let body: ReactNode;
  if (configError)
    body = (
      <p className="tk-state" role="alert">
        {t('app.config_missing')}
      </p>
    );
  else if (!config || (signedIn && !user))
    body = (
      <p className="tk-state" role="status">
        {t('app.loading')}
      </p>
    );
  else if (!signedIn) {
    body = (
      <div className="tk-state">
        <p>{t('msg.login_first')}</p>
        <button
          type="button"
          className="tk-account__btn"
          data-variant="primary"
          onClick={() => navigate(`/login?to=${encodeURIComponent(VIEW_PATHS[view])}`)}
        >
          {t('nav.login')}
        </button>
      </div>
    );
  } else {
    const value: AccountContextValue = {
      ...session,
      t,
      config,
      systemConfig,
      navigate,
      back: props.back ?? true,
      theme: prefs.theme,
      colorScheme: prefs.colorScheme,
      colorSchemes,
      cashier: parseCashier(props.cashier),
      setPreference: prefs.request,
      emitLogout: () => emit('tk-logout', {}),
      emitSwitch: (virtual) => emit('tk-account-switch', { virtual }),
    };
    const Body = VIEWS[view];
    body = (
      <AccountContextProvider value={value}>
        <Body />
      </AccountContextProvider>
    );
  }

  const scheme = prefs.ownColorScheme ? colorSchemes.find((s) => s.id === prefs.ownColorScheme) : undefined;
  const style = scheme
    ? ({ '--tk-color-up': scheme.up, '--tk-color-down': scheme.down } as CSSProperties)
    : undefined;
  return (
    <WidgetRoot name="account" css={css} theme={prefs.theme}>
      <ToastProvider>
        <div className="tk-account__frame" style={style}>
          {body}
        </div>
      </ToastProvider>
    </WidgetRoot>
  );
}
