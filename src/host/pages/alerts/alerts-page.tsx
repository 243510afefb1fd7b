/**
 * `/user/alerts` (ours, issue #25): <Alerts>. `?symbol=…&level=…&mode=…` opens its create form prefilled —
 * where the quote table's and the order form's "Set alert" lead. Mobile shows it as a full page under a back
 * bar; the desktop account dialog shows it in its body, listed in its menu beside the notifications.
 */
import { Alerts } from '../../../widgets/alerts';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { useLocationPath } from '../../routing/router';
import { PageBar } from '../../ui/page-bar';
import { useIsDesktop } from '../../shells/use-media-query';
import './alerts-page.css';

const goTo = ({ to }: { to: string }) => navigate(to);

function queryOf(path: string): URLSearchParams {
  const at = path.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : path.slice(at + 1));
}

/** The alerts page of the current shell. */
export function AlertsPage() {
  const { theme } = useHost();
  const desktop = useIsDesktop();
  const query = queryOf(useLocationPath());
  return (
    <div className="host-alerts-page" data-testid="alerts-page">
      {desktop ? null : <PageBar />}
      <Alerts
        theme={theme}
        symbol={query.get('symbol') ?? undefined}
        level={query.get('level') ?? undefined}
        mode={query.get('mode') ?? undefined}
        onNavigate={goTo}
      />
    </div>
  );
}
