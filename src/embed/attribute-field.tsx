/** One control per attribute of the widget's metadata, fitted to its type (EK3). */
import type { WidgetAttribute, WidgetMeta } from '../widgets/_shared/widget-meta';
import { LANG_ATTRIBUTE } from '../widgets/_shared/widget-meta';
import { controlOf, editableAttributes, MAX_VALUE_LENGTH, type Choice, type FieldError } from './attributes';
import type { Translate } from './translate';

interface FieldProps {
  attribute: WidgetAttribute;
  choice: Choice | undefined;
  error: FieldError | undefined;
  t: Translate;
  onChange: (value: Choice | undefined) => void;
}

/** Ids of the hint and the error a control is described by. */
const idsOf = (name: string) => ({
  input: `ek-attr-${name}`,
  hint: `ek-attr-${name}-hint`,
  error: `ek-attr-${name}-error`,
});

/** What a listed value is called in its select: the language's own name for `lang`, the value otherwise. */
function optionText(attribute: WidgetAttribute, value: string, t: Translate): string {
  return attribute.name === LANG_ATTRIBUTE.name ? `${value} — ${t(`lang.${value}`)}` : value;
}

function Control({ attribute, choice, error, t, onChange }: FieldProps) {
  const control = controlOf(attribute);
  const ids = idsOf(attribute.name);
  const common = {
    id: ids.input,
    'aria-describedby': error ? `${ids.error} ${ids.hint}` : ids.hint,
    'aria-invalid': error ? true : undefined,
    'data-attribute': attribute.name,
  };
  switch (control.kind) {
    case 'switch': {
      const on = typeof choice === 'boolean' ? choice : control.default;
      return (
        <span className="ek-switch">
          <input
            {...common}
            type="checkbox"
            role="switch"
            checked={on}
            onChange={(e) => onChange(e.target.checked)}
          />
          <span aria-hidden="true">{on ? t('embed.on') : t('embed.off')}</span>
        </span>
      );
    }
    case 'tristate':
      return (
        <select
          {...common}
          value={typeof choice === 'boolean' ? String(choice) : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value === 'true')}
        >
          <option value="">{t('embed.not_set')}</option>
          <option value="true">{t('embed.on')}</option>
          <option value="false">{t('embed.off')}</option>
        </select>
      );
    case 'select': {
      const unset = attribute.name === 'theme' ? t('embed.theme_brand') : t('embed.not_set');
      return (
        <select
          {...common}
          value={typeof choice === 'string' ? choice : (control.default ?? '')}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        >
          {control.default === undefined ? <option value="">{unset}</option> : null}
          {control.values.map((value) => (
            <option key={value} value={value}>
              {value === control.default
                ? t('embed.default_value', { value: optionText(attribute, value, t) })
                : optionText(attribute, value, t)}
            </option>
          ))}
        </select>
      );
    }
    case 'json':
      return (
        <textarea
          {...common}
          rows={3}
          spellCheck={false}
          value={typeof choice === 'string' ? choice : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    default:
      return (
        <input
          {...common}
          type="text"
          inputMode={control.kind === 'number' ? 'decimal' : undefined}
          spellCheck={false}
          autoComplete="off"
          maxLength={MAX_VALUE_LENGTH + 1}
          placeholder={control.default}
          value={typeof choice === 'string' ? choice : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

function AttributeField(props: FieldProps) {
  const { attribute, error, t } = props;
  const ids = idsOf(attribute.name);
  return (
    <div className="ek-field">
      <label className="ek-field__label ek-code" htmlFor={ids.input}>
        {attribute.name}
      </label>
      <Control {...props} />
      {error ? (
        <span className="ek-field__error" id={ids.error} role="alert">
          {t(`embed.error.${error}`, { max: MAX_VALUE_LENGTH })}
        </span>
      ) : null}
      <span className="ek-field__hint" id={ids.hint} lang="en">
        {attribute.description}
      </span>
    </div>
  );
}

export interface AttributeFieldsProps {
  meta: WidgetMeta;
  choices: Readonly<Record<string, Choice | undefined>>;
  errors: Readonly<Record<string, FieldError>>;
  origin: string;
  t: Translate;
  onChange: (name: string, value: Choice | undefined) => void;
}

/** The widget's attributes but `api`, which always names the platform. */
export function AttributeFields({ meta, choices, errors, origin, t, onChange }: AttributeFieldsProps) {
  return (
    <fieldset className="ek-group" data-testid="ek-attributes">
      <legend>{t('embed.attributes')}</legend>
      <p className="ek-field__hint">{t('embed.api_note', { origin })}</p>
      <p className="ek-field__hint">{t('embed.descriptions_note')}</p>
      {editableAttributes(meta.attributes).map((attribute) => (
        <AttributeField
          key={attribute.name}
          attribute={attribute}
          choice={choices[attribute.name]}
          error={errors[attribute.name]}
          t={t}
          onChange={(value) => onChange(attribute.name, value)}
        />
      ))}
    </fieldset>
  );
}
