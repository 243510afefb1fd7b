/** Light/dark switch: shows what a press switches to. */
import { useT } from '../../widgets/_shared/use-t';
import { useHost } from '../host-context';
import { MoonIcon, SunIcon } from './icons';

/** Icon button toggling the page theme (persisted). */
export function ThemeToggle() {
  const t = useT();
  const { theme, setTheme } = useHost();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = t(`theme.${next}`);
  return (
    <button
      type="button"
      className="host-icon-btn"
      aria-label={label}
      title={label}
      onClick={() => setTheme(next)}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
