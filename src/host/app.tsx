/** The reference host: platform, start-up gate, router and the shell for the viewport. */
import type { Platform } from '../core/runtime/types';
import { PlatformProvider } from '../widgets/_shared/platform-context';
import { SessionRouter } from './session/session-router';
import { Shell } from './shells/shell';
import { Startup } from './startup/startup';
import { NoticeHost } from './ui/notice';

/** The whole site for one page platform. */
export function App({ platform }: { platform: Platform }) {
  return (
    <PlatformProvider platform={platform}>
      <Startup>
        <SessionRouter>
          <Shell />
        </SessionRouter>
        <NoticeHost />
      </Startup>
    </PlatformProvider>
  );
}
