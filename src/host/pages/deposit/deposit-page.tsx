/**
 * `/user/deposit` (spec §2): <Deposit>. Mobile shows it as a full page under a back bar; the desktop account
 * dialog shows it in its body. A brand with deposits disabled sends the user to customer service: the page says
 * so and offers the brand's service link (a new tab or its framed dialog, spec §4). The demo account, which has
 * no deposit (spec §6), goes back to the user menu.
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
import { useServiceAction } from '../../ui/service-button';
import { useT } from '../../../widgets/_shared/use-t';
import './deposit-pages.css';

const goTo = ({ to }: { to: string }) => navigate(to);

/** Deposits switched off by the brand: the way to customer service instead of the form. */
function DepositByService({ desktop }: { desktop: boolean }) {
  const t = useT();
  const service = useServiceAction();
  return (
    <div className="host-deposit-page" data-testid="deposit-by-service">
      {desktop ? null : <PageBar />}
      <div className="host-deposit-page__service">
        <p>{t('cashier.deposit_by_service')}</p>
        {service ? (
          <button type="button" className="host-btn host-btn--primary" onClick={service.open}>
            {service.label}
          </button>
        ) : null}
        {service?.dialog}
      </div>
    </div>
  );
}

/** The deposit page of the current shell. */
export function DepositPage() {
  const { theme } = useHost();
  const desktop = useIsDesktop();
  const systemConfig = useAtomValue(usePlatform().atoms.systemConfig);
  const { state } = useHostSession();
  const disabled = systemConfig?.systemConfigs.some((c) => c.name === 'disableDeposit' && c.enable) ?? false;
  const demo = state.status === 'signedIn' && state.virtual;
  useEffect(() => {
    if (demo && !disabled) navigate('/user', { replace: true });
  }, [disabled, demo]);
  if (disabled) return <DepositByService desktop={desktop} />;
  return (
    <div className="host-deposit-page" data-testid="deposit-page">
      {/* The widget titles itself; mobile adds only the way back. */}
      {desktop ? null : <PageBar />}
      <Deposit theme={theme} onNavigate={goTo} />
    </div>
  );
}
