/** Chooses the shell by viewport width (re-evaluated on resize). */
import { useT } from '../../widgets/_shared/use-t';
import { useNavigateEvents } from '../routing/use-navigate-events';
import { DesktopShell } from './desktop/desktop-shell';
import { MobileShell } from './mobile-shell';
import { useIsDesktop } from './use-media-query';

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
      {desktop ? <DesktopShell /> : <MobileShell />}
    </>
  );
}
