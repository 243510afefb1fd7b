/**
 * `/user/notification` (spec §2): <Notifications>. Mobile shows it as a full page under a back bar; the
 * desktop account dialog shows it in its body (routes.ts `kind: 'account'` without an <Account> view).
 */
import { Notifications } from '../../../widgets/notifications';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { PageBar } from '../../ui/page-bar';
import { useIsDesktop } from '../../shells/use-media-query';
import { PushSwitch } from './push-switch';
import './notifications-page.css';

const goTo = ({ to }: { to: string }) => navigate(to);

/** The notifications page of the current shell. */
export function NotificationsPage() {
  const { theme } = useHost();
  const desktop = useIsDesktop();
  return (
    <div className="host-notifications-page" data-testid="notifications-page">
      {/* The widget titles itself; mobile adds only the way back. */}
      {desktop ? null : <PageBar />}
      <PushSwitch />
      <Notifications theme={theme} onNavigate={goTo} />
    </div>
  );
}
