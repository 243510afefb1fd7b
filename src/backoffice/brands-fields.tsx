/**
 * The building blocks of the brand form (brands-form.tsx): a field's error under it, checkbox groups, a list
 * ordered with up/down buttons, texts with their translations, and a colour with its swatch and contrast.
 */
import type { ReactNode } from 'react';
import { BRAND_TITLE_MAX, type BrandEditProblem } from '../core/contract/brand-admin';
import { SUPPORTED_LANGUAGES } from '../core/contract/languages';
import type { Translations } from '../core/contract/translations';
import { contrastRatio, readablePair, THEME_BACKDROPS } from '../core/domain/contrast';
import { useBackoffice } from './context';

/** The i18n keys of the Brands page. */
export const BRANDS_KEYS = 'backoffice.brands';

/** An element id for a field path (`settings.colors.up` → `bo-brand-settings-colors-up`). */
export const fieldId = (field: string) => `bo-brand-${field.replace(/[^\w-]+/g, '-')}`;

/** The first problem of a field or of anything under it. */
export function problemAt(
  problems: readonly BrandEditProblem[],
  field: string,
): BrandEditProblem | undefined {
  return problems.find((problem) => problem.field === field || problem.field.startsWith(`${field}.`));
}

/** What is wrong with a field, under it (announced: it appears after a save was refused). */
export function FieldError({ problems, field }: { problems: readonly BrandEditProblem[]; field: string }) {
  const { t } = useBackoffice();
  const problem = problemAt(problems, field);
  if (!problem) return null;
  return (
    <small className="bo-error" id={`${fieldId(field)}-error`} data-testid={`${fieldId(field)}-error`}>
      {t(`${BRANDS_KEYS}.rule.${problem.rule}`)}
    </small>
  );
}

/** The aria attributes of an input whose field may have a problem. */
export const invalidProps = (problems: readonly BrandEditProblem[], field: string) =>
  problemAt(problems, field)
    ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(field)}-error` }
    : {};

/** A group of checkboxes choosing some of `options`, kept in the order they were chosen in. */
export function CheckboxGroup<V extends string | number>({
  legend,
  field,
  options,
  chosen,
  label,
  onChange,
  problems,
}: {
  legend: string;
  field: string;
  options: readonly V[];
  chosen: readonly V[];
  label: (value: V) => ReactNode;
  onChange: (next: V[]) => void;
  problems: readonly BrandEditProblem[];
}) {
  return (
    <fieldset className="bo-brand__group" id={fieldId(field)} {...invalidProps(problems, field)}>
      <legend>{legend}</legend>
      <div className="bo-brand__checks">
        {options.map((value) => (
          <label key={value} className="bo-brand__check">
            <input
              type="checkbox"
              checked={chosen.includes(value)}
              onChange={(event) =>
                onChange(event.target.checked ? [...chosen, value] : chosen.filter((item) => item !== value))
              }
              data-testid={`${fieldId(field)}-${value}`}
            />
            <span>{label(value)}</span>
          </label>
        ))}
      </div>
      <FieldError problems={problems} field={field} />
    </fieldset>
  );
}

/** `list` with item `i` moved one place up (-1) or down (+1). */
export function moved<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const next = [...list];
  const j = i + by;
  if (j < 0 || j >= next.length) return next;
  [next[i], next[j]] = [next[j] as T, next[i] as T];
  return next;
}

/** The up/down buttons of row `i` of `count` ordered rows, named after the row for screen readers. */
export function MoveButtons({
  i,
  count,
  name,
  onMove,
  testId,
}: {
  i: number;
  count: number;
  name: string;
  onMove: (by: -1 | 1) => void;
  testId: string;
}) {
  const { t } = useBackoffice();
  return (
    <span className="bo-brand__move">
      <button
        type="button"
        className="bo-button bo-button--small"
        disabled={i === 0}
        aria-label={t(`${BRANDS_KEYS}.move_up`, { name })}
        onClick={() => onMove(-1)}
        data-testid={`${testId}-up`}
      >
        ↑
      </button>
      <button
        type="button"
        className="bo-button bo-button--small"
        disabled={i === count - 1}
        aria-label={t(`${BRANDS_KEYS}.move_down`, { name })}
        onClick={() => onMove(1)}
        data-testid={`${testId}-down`}
      >
        ↓
      </button>
    </span>
  );
}

/** A required English text and, folded, its translations into the other languages. */
export function TranslatedText({
  label,
  field,
  translationsField,
  text,
  translations,
  onText,
  onTranslations,
  problems,
}: {
  label: string;
  field: string;
  translationsField: string;
  text: string;
  translations: Translations;
  onText: (text: string) => void;
  onTranslations: (translations: Translations) => void;
  problems: readonly BrandEditProblem[];
}) {
  const { t } = useBackoffice();
  const others = SUPPORTED_LANGUAGES.filter((code) => code !== 'en');
  const filled = others.filter((code) => (translations[code] ?? '').trim() !== '').length;
  return (
    <div className="bo-brand__text">
      <label className="bo-field">
        <span>
          {label} ({t('lang.en')})
        </span>
        <input
          id={fieldId(field)}
          value={text}
          maxLength={BRAND_TITLE_MAX}
          onChange={(event) => onText(event.target.value)}
          data-testid={fieldId(field)}
          {...invalidProps(problems, field)}
        />
        <FieldError problems={problems} field={field} />
      </label>
      <details className="bo-brand__translations" open={problemAt(problems, translationsField) !== undefined}>
        <summary>{t(`${BRANDS_KEYS}.translations`, { count: filled, total: others.length })}</summary>
        <div className="bo-brand__grid">
          {others.map((code) => (
            <label key={code} className="bo-field" lang={code}>
              <span>{t(`lang.${code}`)}</span>
              <input
                value={translations[code] ?? ''}
                maxLength={BRAND_TITLE_MAX}
                placeholder={text}
                onChange={(event) => onTranslations({ ...translations, [code]: event.target.value })}
                data-testid={`${fieldId(translationsField)}-${code}`}
                {...invalidProps(problems, `${translationsField}.${code}`)}
              />
              <FieldError problems={problems} field={`${translationsField}.${code}`} />
            </label>
          ))}
        </div>
      </details>
    </div>
  );
}

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * An up or down colour: the picker and its exact value, a swatch of what widgets show on each theme (made
 * readable to 4.5:1, A11Y3) and the contrast of the colour as set against each theme's background.
 */
export function ColourField({
  side,
  colors,
  onChange,
  problems,
}: {
  side: 'up' | 'down';
  colors: { up: string; down: string };
  onChange: (colour: string) => void;
  problems: readonly BrandEditProblem[];
}) {
  const { t } = useBackoffice();
  const field = `settings.colors.${side}`;
  const value = colors[side];
  const valid = HEX.test(value);
  return (
    <div className="bo-field bo-brand__colour">
      <span id={`${fieldId(field)}-label`}>{t(`${BRANDS_KEYS}.colour_${side}`)}</span>
      <span className="bo-brand__colour-inputs">
        <input
          type="color"
          aria-labelledby={`${fieldId(field)}-label`}
          value={valid ? value.toLowerCase() : '#000000'}
          onChange={(event) => onChange(event.target.value)}
        />
        <input
          id={fieldId(field)}
          aria-labelledby={`${fieldId(field)}-label`}
          value={value}
          maxLength={7}
          spellCheck={false}
          className="bo-num"
          onChange={(event) => onChange(event.target.value.trim())}
          data-testid={fieldId(field)}
          {...invalidProps(problems, field)}
        />
      </span>
      {valid && HEX.test(colors.up) && HEX.test(colors.down) ? (
        <span className="bo-brand__swatches">
          {(['light', 'dark'] as const).map((theme) => (
            <span
              key={theme}
              className="bo-brand__swatch"
              style={{ background: THEME_BACKDROPS[theme], color: readablePair(colors, theme)[side] }}
            >
              {side === 'up' ? '▲ 1.2345' : '▼ 1.2345'}
              <small>
                {t(`${BRANDS_KEYS}.contrast`, {
                  theme: t(`${BRANDS_KEYS}.theme_${theme}`),
                  ratio: contrastRatio(value, THEME_BACKDROPS[theme]).toFixed(1),
                })}
              </small>
            </span>
          ))}
        </span>
      ) : null}
      <FieldError problems={problems} field={field} />
    </div>
  );
}
