/** Up/down colour pair choice of the desktop top bar (only on screens wider than 1600 px). */
import { useT } from '../../widgets/_shared/use-t';
import { useHost } from '../host-context';
import { COLOR_SCHEMES, schemeColors } from '../startup/color-schemes';
import { radioKeys } from '../../widgets/_shared/radio-keys';

/** Radio group of colour swatches, each half up colour, half down colour; none where the brand fixes its pair. */
export function ColorSchemePicker() {
  const t = useT();
  const { config, colorScheme, setColorScheme, userColors } = useHost();
  if (!userColors) return null;
  const label = t('desktop.theme_colors');
  const keys = radioKeys(
    COLOR_SCHEMES.map((scheme) => scheme.id),
    colorScheme,
    setColorScheme,
  );
  return (
    <div
      className="host-schemes"
      role="radiogroup"
      aria-label={label}
      title={label}
      onKeyDown={keys.onKeyDown}
    >
      {COLOR_SCHEMES.map((scheme, i) => {
        const { up, down } = schemeColors(scheme.id, config.brand.colors);
        return (
          <button
            key={scheme.id}
            type="button"
            role="radio"
            aria-checked={scheme.id === colorScheme}
            tabIndex={keys.tabIndexOf(scheme.id)}
            aria-label={`${label} ${i + 1}`}
            className="host-schemes__swatch"
            data-scheme={scheme.id}
            style={{ background: `linear-gradient(135deg, ${up} 0 50%, ${down} 50% 100%)` }}
            onClick={() => setColorScheme(scheme.id)}
          />
        );
      })}
    </div>
  );
}
