/**
 * The top bar's More menu: what no longer fits on the bar's one row (use-collapse-level.ts), least used
 * first — colour themes, light/dark and service; then the language; then navigation and search; then the
 * candle style; then the user's name and uid (the avatar stays), the demo/real switch, the site title beside
 * the logo (the logo stays), the period buttons (one select then), and last the account glance's total balance (its available margin, Deposit and
 * the bell always stay on the bar).
 */
import { useId, useState } from 'react';
import { useT } from '../../../widgets/_shared/use-t';
import { CANDLE_TYPES } from '../../../widgets/chart';
import { GlanceBalanceItem } from '../../account/account-glance';
import type { Glance } from '../../account/use-glance';
import { usePopover } from '../../account/use-popover';
import { SwitchAccountDialog } from '../../account/switch-dialog';
import { isConfigOn } from '../../../core/config/system-config';
import { useAtomValue } from '../../../widgets/_shared/store-react';
import { useHostSession } from '../../session/use-host-session';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { useRoute } from '../../routing/router';
import { ColorSchemePicker } from '../../ui/color-scheme-picker';
import { MoreIcon } from '../../ui/icons';
import { languageBadge } from '../../ui/language-menu';
import { useServiceAction } from '../../ui/service-button';
import { useDesktopState } from './desktop-state';

/** The collapse levels: from this level on, the group lives in the More menu instead of on the bar. */
export const COLLAPSE = {
  tools: 1,
  language: 2,
  navigation: 3,
  candle: 4,
  names: 5,
  switch: 6,
  title: 7,
  periods: 8,
  balance: 9,
} as const;
/** The highest collapse level. */
export const MAX_COLLAPSE = COLLAPSE.balance;

/** What the menu holds at `level`, and the facts that decide its entries. */
export interface TopBarMoreProps {
  level: number;
  /** The chart tools show (trading layout): the candle style may be collapsed. */
  chartTools: boolean;
  /** Colour themes are offered (spec §2: only above 1600 px). */
  wide: boolean;
  /** The signed-in account's glance (its total balance moves here last). */
  glance: Glance | null;
}

/** The More button and its menu; nothing while every item fits on the bar. */
export function TopBarMore({ level, chartTools, wide, glance }: TopBarMoreProps) {
  const t = useT();
  const { config, theme, setTheme, language, setLanguage } = useHost();
  const { page } = useRoute();
  const { candleType, setCandleType } = useDesktopState();
  const service = useServiceAction();
  const [open, setOpen, root] = usePopover<HTMLDivElement>();
  const menuId = useId();
  const { platform, state } = useHostSession();
  const systemConfig = useAtomValue(platform.atoms.systemConfig);
  const [switching, setSwitching] = useState(false);
  if (level < COLLAPSE.tools) return service?.dialog ?? null;
  // The demo/real switch of the bar (account-switch.tsx), as one item: the other account, after the confirm.
  const switchItem =
    level >= COLLAPSE.switch &&
    state.status === 'signedIn' &&
    isConfigOn(systemConfig, 'VIRTUAL_CURRENCY_TRADE');

  const act = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  const nextTheme = theme === 'dark' ? 'light' : 'dark';
  const languages = config.brand.languages;
  const links = [
    { to: '/', label: t('nav.home'), current: page === 'home' },
    { to: '/quotation', label: t('nav.quotation'), current: page === 'quotation' },
    { to: '/search', label: t('nav.search'), current: page === 'search' },
  ];

  return (
    <div className="host-more" ref={root}>
      <button
        type="button"
        className="host-icon-btn"
        data-testid="top-more"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('desktop.more')}
        title={t('desktop.more')}
        onClick={() => setOpen(!open)}
      >
        <MoreIcon />
      </button>
      {open ? (
        <div id={menuId} className="host-more__menu" data-testid="top-more-menu">
          {level >= COLLAPSE.balance ? <GlanceBalanceItem glance={glance} /> : null}
          {switchItem ? (
            <div className="host-more__group">
              <button
                type="button"
                className="host-more__item"
                data-testid="more-switch-account"
                onClick={act(() => setSwitching(true))}
              >
                {t(state.virtual ? 'account.switch_to_real' : 'account.switch_to_demo')}
              </button>
            </div>
          ) : null}
          {level >= COLLAPSE.navigation ? (
            <nav className="host-more__group" aria-label={t('a11y.main_nav')}>
              {links.map((link) => (
                <button
                  key={link.to}
                  type="button"
                  className="host-more__item"
                  aria-current={link.current ? 'page' : undefined}
                  onClick={act(() => navigate(link.to))}
                >
                  {link.label}
                </button>
              ))}
            </nav>
          ) : null}
          {level >= COLLAPSE.candle && chartTools ? (
            <div className="host-more__group" role="radiogroup" aria-label={t('desktop.candle_style')}>
              <p className="host-more__heading">{t('desktop.candle_style')}</p>
              {CANDLE_TYPES.map((type) => (
                <button
                  key={type}
                  type="button"
                  role="radio"
                  aria-checked={type === candleType}
                  className="host-more__item"
                  onClick={act(() => setCandleType(type))}
                >
                  {t(`chart.candle.${type}`)}
                </button>
              ))}
            </div>
          ) : null}
          {level >= COLLAPSE.language && languages.length > 1 ? (
            <div className="host-more__group" role="radiogroup" aria-label={t('desktop.language')}>
              <p className="host-more__heading">{t('desktop.language')}</p>
              {languages.map((code) => (
                <button
                  key={code}
                  type="button"
                  role="radio"
                  aria-checked={code === language}
                  lang={code}
                  className="host-more__item"
                  onClick={act(() => code !== language && setLanguage(code))}
                >
                  <span className="host-lang__flag">{languageBadge(code)}</span>
                  {t(`lang.${code}`)}
                </button>
              ))}
            </div>
          ) : null}
          <div className="host-more__group">
            {wide ? <ColorSchemePicker /> : null}
            <button type="button" className="host-more__item" onClick={act(() => setTheme(nextTheme))}>
              {t(`theme.${nextTheme}`)}
            </button>
            {service ? (
              <button type="button" className="host-more__item" onClick={act(service.open)}>
                {service.label}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
      {service?.dialog}
      {switching ? <SwitchAccountDialog toDemo={!state.virtual} onClose={() => setSwitching(false)} /> : null}
    </div>
  );
}
