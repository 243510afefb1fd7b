/** Chooses the shell by viewport width (re-evaluated on resize). */
import { Suspense, use } from 'react';
import { useT } from '../../widgets/_shared/use-t';
import { PagePending } from '../pages/route-outlet';
import { useNavigateEvents } from '../routing/use-navigate-events';
import { loadDesktopShell } from './desktop-loader';
import { MobileShell } from './mobile-shell';
import { useIsDesktop } from './use-media-query';

/** The desktop shell once its code has loaded (suspends until then; at once when the start-up loaded it). */
function DesktopShell() {
  const { DesktopShell: Loaded } = use(loadDesktopShell());
  return <Loaded />;
}

/** Desktop shell from 1024 px, mobile shell below; both start with a skip link to the page content. */
export function Shell() {
  const t = useT();
  const desktop = useIsDesktop();
  useNavigateEvents();
  return (
    <>
      <a className="host-skip" href="#main">
        {t('a11y.skip_to_content')}
      </a>
      {desktop ? (
        // A phone turned into a desktop (a window widened) waits for the desktop's code in the page's place.
        <Suspense fallback={<PagePending />}>
          <DesktopShell />
        </Suspense>
      ) : (
        <MobileShell />
      )}
    </>
  );
}
