/**
 * `/user/loan` (spec §2, brand page name `user/loan`): <Loan>. Mobile shows it as a full page under a back bar;
 * the desktop account dialog shows it in its body. A brand without the `user/loan` switch does not offer the
 * page: it is not in a menu and its address goes home, as My wallet does without its switch.
 */
import { useEffect } from 'react';
import { Loan } from '../../../widgets/loan';
import { isConfigOn } from '../../../core/config/system-config';
import { useAtomValue } from '../../../widgets/_shared/store-react';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { useHostSession } from '../../session/use-host-session';
import { PageBar } from '../../ui/page-bar';
import { useIsDesktop } from '../../shells/use-media-query';
import './loan-page.css';

const goTo = ({ to }: { to: string }) => navigate(to);

/** The loan page of the current shell. */
export function LoanPage() {
  const { theme } = useHost();
  const { platform } = useHostSession();
  const systemConfig = useAtomValue(platform.atoms.systemConfig);
  const offered = isConfigOn(systemConfig, 'user/loan');
  const desktop = useIsDesktop();
  useEffect(() => {
    if (systemConfig && !offered) navigate('/', { replace: true });
  }, [systemConfig, offered]);
  if (!offered) return null;
  return (
    <div className="host-loan-page" data-testid="loan-page">
      {/* The widget titles itself; mobile adds only the way back. */}
      {desktop ? null : <PageBar />}
      <Loan theme={theme} onNavigate={goTo} />
    </div>
  );
}
