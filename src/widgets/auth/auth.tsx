import { useCallback, useEffect, useState } from 'react';
import type { EventCallbacks } from '../_shared/events';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { useT } from '../_shared/use-t';
import { useEmit } from '../_shared/widget-host';
import { WidgetRoot } from '../_shared/widget-root';
import { AuthProvider } from './auth-context';
import { AuthHeader } from './auth-header';
import css from './auth.css?inline';
import { parseView, returnPath } from './auth.logic';
import type { AuthView } from './auth.logic';
import { CodeFlowForm } from './code-flow-form';
import { LoginForm } from './login-form';
import { useNavigate } from '../_shared/use-navigate';

/** Props of <Auth>: the attributes of <tk-auth> (see auth.meta.ts) plus `onLogin` and `onNavigate`. */
export interface AuthProps extends EventCallbacks<'tk-login' | 'tk-navigate'> {
  /** login (default), register or forgot. */
  view?: string;
  /** Where to go after sign-in: a same-site path (encoded or not); '/' when absent or foreign. */
  to?: string;
  theme?: string;
  /** The invite code of the sign-up link (`/register?inviteCode=…`): fills the register form's invite field. */
  invite?: string;
}

const VIEW_PATHS: Record<string, AuthView> = {
  '/login': 'login',
  '/register': 'register',
  '/forgot': 'forgot',
};
const TITLES: Record<AuthView, string> = {
  login: 'nav.login',
  register: 'nav.register',
  forgot: 'auth.forgot_title',
};

/** Sign in, register and reset the password (spec §2 Login, Register, Forgot password). */
export function Auth(props: AuthProps) {
  const { view: requested, to, theme } = props;
  const platform = usePlatform();
  const t = useT();
  const emit = useEmit(props);
  const config = useAtomValue(platform.atoms.config);
  const [view, setView] = useState<AuthView>(() => parseView(requested));
  useEffect(() => setView(parseView(requested)), [requested]);

  // Standalone on a partner page nobody routes: switch screens here, open the support link in a tab.
  const fallback = useCallback(
    (path: string) => {
      const target = VIEW_PATHS[path.split('?')[0] ?? ''];
      if (target) setView(target);
      else if (path === '/user/service' && config?.support.url)
        window.open(config.support.url, '_blank', 'noopener');
    },
    [config],
  );
  const navigate = useNavigate(props.onNavigate, fallback);

  const signedIn = useCallback(
    (uid: string) => {
      emit('tk-login', { uid });
      navigate(returnPath(to));
    },
    [emit, navigate, to],
  );

  return (
    <WidgetRoot name="auth" css={css} theme={theme === 'dark' || theme === 'light' ? theme : undefined}>
      <AuthProvider navigate={navigate}>
        <section className="tk-auth__card" part="card" aria-label={t(TITLES[view])}>
          <AuthHeader title={t(TITLES[view])} />
          {view === 'login' ? (
            <LoginForm key="login" onSignedIn={signedIn} />
          ) : (
            <CodeFlowForm key={view} purpose={view} invite={props.invite} />
          )}
        </section>
      </AuthProvider>
    </WidgetRoot>
  );
}
