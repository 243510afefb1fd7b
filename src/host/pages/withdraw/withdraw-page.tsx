/**
 * `/user/withdraw` (spec §2): <Withdraw>. Mobile shows it as a full page under a back bar; the desktop account
 * dialog shows it in its body (routes.ts `kind: 'account'` without an <Account> view). The demo account gets
 * the widget's "not offered" text (spec §6).
 */
import { Withdraw } from '../../../widgets/withdraw';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { PageBar } from '../../ui/page-bar';
import { useIsDesktop } from '../../shells/use-media-query';
import './withdraw-page.css';

const goTo = ({ to }: { to: string }) => navigate(to);

/** The withdraw page of the current shell. */
export function WithdrawPage() {
  const { theme } = useHost();
  const desktop = useIsDesktop();
  return (
    <div className="host-withdraw-page" data-testid="withdraw-page">
      {/* The widget titles itself; mobile adds only the way back. */}
      {desktop ? null : <PageBar />}
      <Withdraw theme={theme} onNavigate={goTo} />
    </div>
  );
}
