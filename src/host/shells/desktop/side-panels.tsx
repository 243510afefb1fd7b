/**
 * Desktop side rail and the position/history panel it toggles (spec §2). The panel follows the route, so
 * `/position` and `/history` keep their sign-in guard and deep links show the panel open.
 */
import { useEffect, useRef } from 'react';
import { useT } from '../../../widgets/_shared/use-t';
import { History } from '../../../widgets/history';
import { Positions } from '../../../widgets/positions';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { useRoute } from '../../routing/router';
import { HistoryIcon, MarketsIcon, PositionIcon } from '../../ui/icons';
import { useDesktopState } from './desktop-state';

/** The panels of the rail, by route name. */
const PANELS = [
  { page: 'position', to: '/position', label: 'desktop.positions', Icon: PositionIcon },
  { page: 'history', to: '/history', label: 'desktop.history', Icon: HistoryIcon },
] as const;

const goTo = ({ to }: { to: string }) => navigate(to);

/** The side panel shown for the current route, if any. */
export function sidePanelOf(page: string): 'position' | 'history' | null {
  return page === 'position' || page === 'history' ? page : null;
}

/** The rail: one toggle per panel; pressing the open one closes it. The older template adds the quotation list's. */
export function SideRail() {
  const t = useT();
  const { page } = useRoute();
  const { listToggles, listOpen, toggleList } = useDesktopState();
  return (
    <nav className="host-rail" aria-label={t('desktop.side_panels')}>
      {listToggles ? (
        <button
          type="button"
          className="host-rail__button"
          data-panel="quotation"
          aria-pressed={listOpen}
          aria-label={t('nav.quotation')}
          title={t('nav.quotation')}
          onClick={toggleList}
        >
          <MarketsIcon size={20} />
        </button>
      ) : null}
      {PANELS.map(({ page: panel, to, label, Icon }) => {
        const open = page === panel;
        return (
          <button
            key={panel}
            type="button"
            className="host-rail__button"
            data-panel={panel}
            aria-pressed={open}
            aria-label={t(label)}
            title={t(label)}
            onClick={() => navigate(open ? '/' : to)}
          >
            <Icon size={20} />
          </button>
        );
      })}
    </nav>
  );
}

/** The positions or history list under the chart. */
export function SidePanel({ panel }: { panel: 'position' | 'history' }) {
  const t = useT();
  const { theme, tradeMode } = useHost();
  const label = t(panel === 'position' ? 'desktop.positions' : 'desktop.history');
  const section = useRef<HTMLElement>(null);
  // Opened from the rail: the keyboard goes on in the list, not back through the chart before it (KO6).
  useEffect(() => {
    if (document.activeElement?.closest('.host-rail')) section.current?.focus({ preventScroll: true });
  }, [panel]);
  return (
    <section
      ref={section}
      tabIndex={-1}
      className="host-side-panel host-panel"
      data-testid={`${panel}-panel`}
      aria-label={label}
    >
      {panel === 'position' ? (
        <Positions theme={theme} mode={tradeMode} onNavigate={goTo} />
      ) : (
        <History theme={theme} mode={tradeMode} onNavigate={goTo} />
      )}
    </section>
  );
}
