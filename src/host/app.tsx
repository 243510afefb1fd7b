/** The reference host: platform, start-up gate, router and the shell for the viewport. */
import { addStrings } from '../core/i18n/i18n';
import type { Platform } from '../core/runtime/types';
import { NotificationToast } from '../widgets/notifications';
import { Announcer } from '../widgets/_shared/announcer';
import { PlatformProvider } from '../widgets/_shared/platform-context';
import { AwaySummaryHost } from './away/away-summary';
import { SessionRouter } from './session/session-router';
import { Shell } from './shells/shell';
import { Startup } from './startup/startup';
import { HOST_STRINGS } from './strings';
import { NoticeHost } from './ui/notice';

/** The whole site for one page platform. */
export function App({ platform }: { platform: Platform }) {
  // Before Startup's first effect, so the visitor's language is loaded in every namespace before the paint.
  addStrings(platform.i18n, HOST_STRINGS);
  return (
    <PlatformProvider platform={platform}>
      <Startup>
        <SessionRouter>
          <Shell />
        </SessionRouter>
        <NoticeHost />
        <AwaySummaryHost />
        <NotificationToast className="host-notice" />
        {/* Fills, closes and settlements said on every page, not only where a trading widget is (SR1). */}
        <Announcer main />
      </Startup>
    </PlatformProvider>
  );
}
