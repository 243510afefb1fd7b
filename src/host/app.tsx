/** The reference host: platform, start-up gate, router and the shell for the viewport. */
import type { Platform } from '../core/runtime/types';
import { PlatformProvider } from '../widgets/_shared/platform-context';
import { Router } from './routing/router';
import { Shell } from './shells/shell';
import { Startup } from './startup/startup';
import { NoticeHost, showNotice } from './ui/notice';

/** The whole site for one page platform. */
export function App({ platform }: { platform: Platform }) {
  return (
    <PlatformProvider platform={platform}>
      <Startup>
        <Router onNotice={showNotice}>
          <Shell />
        </Router>
        <NoticeHost />
      </Startup>
    </PlatformProvider>
  );
}
