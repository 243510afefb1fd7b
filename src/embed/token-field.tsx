/** The widget's colour tokens (`--tk-*`, from its metadata): the main ones first, the rest folded away. */
import { THEME_TOKENS } from '../widgets/_shared/theme-tokens';
import type { WidgetMeta } from '../widgets/_shared/widget-meta';
import type { Choice, FieldError } from './attributes';
import { colorTokens, tokenDefault } from './snippet';
import type { Translate } from './translate';

/** The tokens a brand changes first: its accent, the price directions, the background and the text. */
const MAIN_TOKENS = ['--tk-accent', '--tk-color-up', '--tk-color-down', '--tk-surface', '--tk-text'];

/** A value the native colour picker can show (#rrggbb only). */
function pickerValue(value: string | undefined, fallback: string | undefined): string {
  for (const candidate of [value?.trim(), fallback]) {
    if (candidate && /^#[\da-f]{6}$/i.test(candidate)) return candidate.toLowerCase();
    const short = candidate && /^#([\da-f])([\da-f])([\da-f])$/i.exec(candidate);
    if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  }
  return '#000000';
}

interface TokenFieldProps {
  name: string;
  value: string | undefined;
  fallback: string | undefined;
  error: FieldError | undefined;
  t: Translate;
  onChange: (value: string) => void;
}

function TokenField({ name, value, fallback, error, t, onChange }: TokenFieldProps) {
  const id = `ek-token-${name.slice(2)}`;
  const description = THEME_TOKENS.find((token) => token.name === name)?.description;
  const described = error ? `${id}-error ${id}-hint` : `${id}-hint`;
  return (
    <div className="ek-field">
      <label className="ek-field__label ek-code" htmlFor={id}>
        {name}
      </label>
      <span className="ek-colour">
        <input
          id={id}
          type="text"
          spellCheck={false}
          autoComplete="off"
          placeholder={fallback}
          value={value ?? ''}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          data-token={name}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          type="color"
          aria-label={t('embed.pick_colour', { name })}
          value={pickerValue(value, fallback)}
          onChange={(e) => onChange(e.target.value)}
        />
      </span>
      {error ? (
        <span className="ek-field__error" id={`${id}-error`} role="alert">
          {t(`embed.error.${error}`)}
        </span>
      ) : null}
      <span className="ek-field__hint" id={`${id}-hint`}>
        <span lang="en">{description}</span> {t('embed.colour_hint', { value: fallback })}
      </span>
    </div>
  );
}

export interface TokenFieldsProps {
  meta: WidgetMeta;
  /** The `theme` attribute chosen: the defaults shown are the dark ones for `dark`. */
  theme: Choice | undefined;
  tokens: Readonly<Record<string, string | undefined>>;
  errors: Readonly<Record<string, FieldError>>;
  t: Translate;
  onChange: (name: string, value: string) => void;
}

export function TokenFields({ meta, theme, tokens, errors, t, onChange }: TokenFieldsProps) {
  const names = colorTokens(meta);
  const field = (name: string) => (
    <TokenField
      key={name}
      name={name}
      value={tokens[name]}
      fallback={tokenDefault(name, theme)}
      error={errors[name]}
      t={t}
      onChange={(value) => onChange(name, value)}
    />
  );
  const more = names.filter((name) => !MAIN_TOKENS.includes(name));
  return (
    <fieldset className="ek-group" data-testid="ek-tokens">
      <legend>{t('embed.colours')}</legend>
      {MAIN_TOKENS.filter((name) => names.includes(name)).map(field)}
      {more.length > 0 ? (
        <details className="ek-more">
          <summary>{t('embed.more_colours')}</summary>
          {more.map(field)}
        </details>
      ) : null}
    </fieldset>
  );
}
