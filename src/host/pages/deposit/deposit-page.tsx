/**
 * `/user/deposit` (spec §2): <Deposit>. Mobile shows it as a full page under a back bar; the desktop account
 * dialog shows it in its body. A brand with deposits disabled sends the user to customer service, and the
 * demo account, which has no deposit (spec §6), back to the user menu.
 */
import { useEffect } from 'react';
import { Deposit } from '../../../widgets/deposit';
import { usePlatform } from '../../../widgets/_shared/platform-context';
import { useAtomValue } from '../../../widgets/_shared/store-react';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { useHostSession } from '../../session/use-host-session';
import { useIsDesktop } from '../../shells/use-media-query';
import { PageBar } from '../../ui/page-bar';
import './deposit-pages.css';

const goTo = ({ to }: { to: string }) => navigate(to);

/** The deposit page of the current shell. */
export function DepositPage() {
  const { theme } = useHost();
  const desktop = useIsDesktop();
  const systemConfig = useAtomValue(usePlatform().atoms.systemConfig);
  const { state } = useHostSession();
  const disabled = systemConfig?.systemConfigs.some((c) => c.name === 'disableDeposit' && c.enable) ?? false;
  const demo = state.status === 'signedIn' && state.virtual;
  useEffect(() => {
    if (disabled) navigate('/user/service', { replace: true });
    else if (demo) navigate('/user', { replace: true });
  }, [disabled, demo]);
  return (
    <div className="host-deposit-page" data-testid="deposit-page">
      {/* The widget titles itself; mobile adds only the way back. */}
      {desktop ? null : <PageBar />}
      <Deposit theme={theme} onNavigate={goTo} />
    </div>
  );
}
