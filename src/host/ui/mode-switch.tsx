/**
 * The trade-mode switch (spec §1: when both modes are enabled the user can switch; the choice is remembered,
 * spec §3): one segmented control for the desktop top bar and the phone's trading screens, on the one host
 * state (`useHost().tradeMode`). Nothing when the brand offers one mode.
 */
import { useT } from '../../widgets/_shared/use-t';
import { useHost, type TradeMode } from '../host-context';
import { radioKeys } from '../../widgets/_shared/radio-keys';
import './segmented.css';
import './mode-switch.css';

/** Contract | Option, or nothing for a one-mode brand. */
export function ModeSwitch({ compact }: { compact?: boolean }) {
  const t = useT();
  const { config, tradeMode, setTradeMode } = useHost();
  const modes: TradeMode[] = config.brand.tradeModes;
  if (modes.length < 2) return null;
  // One Tab stop; the arrow keys switch the mode (a view, never an order).
  const keys = radioKeys(modes, tradeMode, setTradeMode);
  return (
    <div
      className="host-segmented host-modes"
      data-compact={compact || undefined}
      role="radiogroup"
      aria-label={t('desktop.trade_mode')}
      data-testid="mode-switch"
      onKeyDown={keys.onKeyDown}
    >
      {modes.map((mode) => (
        <button
          key={mode}
          type="button"
          role="radio"
          aria-checked={mode === tradeMode}
          tabIndex={keys.tabIndexOf(mode)}
          className="host-segmented__option host-modes__tab"
          onClick={() => setTradeMode(mode)}
        >
          {t(`mode.${mode}`)}
        </button>
      ))}
    </div>
  );
}
