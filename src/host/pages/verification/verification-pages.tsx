/**
 * `/user/verified` and `/user/juniorVerified` (brand page name `user/juniorVerfiy`, spec §2): <Verification>
 * at its level. Only on brands that offer the level (`showVerified`, `user/juniorVerified`): elsewhere the
 * route leads home, as an unknown one does. Mobile shows it as a full page under a back bar; the desktop
 * account dialog shows it in its body (routes.ts `kind: 'account'` without an <Account> view).
 */
import { useEffect } from 'react';
import { isConfigOn } from '../../../core/config/system-config';
import { useAtomValue } from '../../../widgets/_shared/store-react';
import { LEVEL_FLAGS, Verification } from '../../../widgets/verification';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { useHostSession } from '../../session/use-host-session';
import { useIsDesktop } from '../../shells/use-media-query';
import { PageBar } from '../../ui/page-bar';
import './verification-pages.css';

const goTo = ({ to }: { to: string }) => navigate(to);

function VerificationPage({ level }: { level: 'junior' | 'advanced' }) {
  const { theme } = useHost();
  const desktop = useIsDesktop();
  const { platform } = useHostSession();
  const systemConfig = useAtomValue(platform.atoms.systemConfig);
  const offered = isConfigOn(systemConfig, LEVEL_FLAGS[level]);
  useEffect(() => {
    if (systemConfig && !offered) navigate('/', { replace: true });
  }, [systemConfig, offered]);
  if (!offered) return null;
  return (
    <div className="host-verification-page" data-testid={`verification-page-${level}`}>
      {/* The widget titles itself; mobile adds only the way back. */}
      {desktop ? null : <PageBar />}
      <Verification level={level} theme={theme} onNavigate={goTo} />
    </div>
  );
}

/** `/user/verified`: the advanced level. */
export function VerifiedPage() {
  return <VerificationPage level="advanced" />;
}

/** `/user/juniorVerified`: the junior level. */
export function JuniorVerifiedPage() {
  return <VerificationPage level="junior" />;
}
