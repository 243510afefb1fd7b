/**
 * The form of one brand (BE7): texts, trading, look, region and languages, sign-up and money, home symbols,
 * the switches of spec §3, and the banners. It edits a draft `BrandEdit`; the page checks and saves it.
 */
import { memo } from 'react';
import {
  BRAND_FLAG_NAMES,
  HOME_SYMBOLS_MAX,
  REGISTER_TYPES,
  TRADE_CATEGORIES,
  TRADE_MODES,
  VERIFY_STYLES,
  type BrandEdit,
  type BrandEditProblem,
  type EditableBrandSettings,
} from '../core/contract/brand-admin';
import { DEPOSIT_METHODS } from '../core/contract/deposits';
import { SUPPORTED_LANGUAGES } from '../core/contract/languages';
import { CATEGORY_KEYS } from '../core/contract/types';
import {
  BRANDS_KEYS as K,
  CheckboxGroup,
  ColourField,
  FieldError,
  fieldId,
  invalidProps,
  MoveButtons,
  moved,
  TranslatedText,
} from './brands-fields';
import { BannersSection } from './brands-banners';
import { TrustedApp } from './brands-trusted-app';
import { useBackoffice } from './context';

export interface FormProps {
  draft: BrandEdit;
  onChange: (draft: BrandEdit) => void;
  problems: readonly BrandEditProblem[];
  /** The banners' images as saved, by banner id. */
  images: ReadonlyMap<string, string>;
}

/** Every IANA zone this browser knows, for the time zone's suggestions. */
const ZONES: readonly string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
})();

/** The suggestions of the time zone field: some 400 options, rendered again only when the language changes. */
const ZoneList = memo(function ZoneList({ device }: { device: string }) {
  return (
    <datalist id="bo-brand-zones">
      <option value="device">{device}</option>
      {ZONES.map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
});

function useSettings({ draft, onChange }: FormProps) {
  return <F extends keyof EditableBrandSettings>(field: F, value: EditableBrandSettings[F]) =>
    onChange({ ...draft, settings: { ...draft.settings, [field]: value } });
}

/** The category tabs: the chosen ones in their order (movable), then the others to add. */
function TradeList(props: FormProps) {
  const { t } = useBackoffice();
  const set = useSettings(props);
  const list = props.draft.settings.tradeList;
  const others = TRADE_CATEGORIES.filter((id) => !list.includes(id));
  // The category names of the quote tabs (common namespace), as traders see them.
  const name = (id: number) => t(`category.${CATEGORY_KEYS[id as keyof typeof CATEGORY_KEYS]}`);
  const field = 'settings.tradeList';
  return (
    <fieldset className="bo-brand__group" id={fieldId(field)} {...invalidProps(props.problems, field)}>
      <legend>{t(`${K}.trade_list`)}</legend>
      <ol className="bo-brand__ordered">
        {list.map((id, i) => (
          <li key={id} data-testid={`bo-brand-category-${id}`}>
            <label className="bo-brand__check">
              <input
                type="checkbox"
                checked
                onChange={() =>
                  set(
                    'tradeList',
                    list.filter((item) => item !== id),
                  )
                }
              />
              <span>{name(id)}</span>
            </label>
            <MoveButtons
              i={i}
              count={list.length}
              name={name(id)}
              onMove={(by) => set('tradeList', moved(list, i, by))}
              testId={`bo-brand-category-${id}`}
            />
          </li>
        ))}
      </ol>
      {others.map((id) => (
        <label key={id} className="bo-brand__check bo-muted">
          <input
            type="checkbox"
            checked={false}
            onChange={() => set('tradeList', [...list, id])}
            data-testid={`bo-brand-category-add-${id}`}
          />
          <span>{name(id)}</span>
        </label>
      ))}
      <FieldError problems={props.problems} field={field} />
    </fieldset>
  );
}

/** A select of one of `options`. */
function Choice<V extends string | number>({
  label,
  field,
  value,
  options,
  text,
  onChange,
  problems,
}: {
  label: string;
  field: string;
  value: V;
  options: readonly V[];
  text: (value: V) => string;
  onChange: (value: V) => void;
  problems: readonly BrandEditProblem[];
}) {
  return (
    <label className="bo-field">
      <span>{label}</span>
      <select
        id={fieldId(field)}
        value={String(value)}
        onChange={(event) =>
          onChange(options.find((option) => String(option) === event.target.value) ?? value)
        }
        data-testid={fieldId(field)}
        {...invalidProps(problems, field)}
      >
        {options.map((option) => (
          <option key={option} value={String(option)}>
            {text(option)}
          </option>
        ))}
      </select>
      <FieldError problems={problems} field={field} />
    </label>
  );
}

function TradingSection(props: FormProps) {
  const { t } = useBackoffice();
  const set = useSettings(props);
  const { settings } = props.draft;
  return (
    <section className="bo-brand__section" aria-labelledby="bo-brand-trading">
      <h3 id="bo-brand-trading">{t(`${K}.section.trading`)}</h3>
      <CheckboxGroup
        legend={t(`${K}.trade_modes`)}
        field="settings.tradeModes"
        options={TRADE_MODES}
        chosen={settings.tradeModes}
        label={(mode) => t(`${K}.mode_${mode}`)}
        onChange={(next) => set('tradeModes', next)}
        problems={props.problems}
      />
      <Choice
        label={t(`${K}.default_mode`)}
        field="settings.defaultTradeMode"
        value={settings.defaultTradeMode}
        options={TRADE_MODES}
        text={(mode) => t(`${K}.mode_${mode}`)}
        onChange={(mode) => set('defaultTradeMode', mode)}
        problems={props.problems}
      />
      <TradeList {...props} />
    </section>
  );
}

function LookSection(props: FormProps) {
  const { t } = useBackoffice();
  const set = useSettings(props);
  const { settings } = props.draft;
  return (
    <section className="bo-brand__section" aria-labelledby="bo-brand-look">
      <h3 id="bo-brand-look">{t(`${K}.section.look`)}</h3>
      <Choice
        label={t(`${K}.theme`)}
        field="settings.theme"
        value={settings.theme}
        options={['light', 'dark'] as const}
        text={(theme) => t(`${K}.theme_${theme}`)}
        onChange={(theme) => set('theme', theme)}
        problems={props.problems}
      />
      <Choice
        label={t(`${K}.template`)}
        field="settings.template"
        value={settings.template}
        options={[1, 2] as const}
        text={(template) => t(`${K}.template_${template}`)}
        onChange={(template) => set('template', template)}
        problems={props.problems}
      />
      {(['up', 'down'] as const).map((side) => (
        <ColourField
          key={side}
          side={side}
          colors={settings.colors}
          onChange={(colour) => set('colors', { ...settings.colors, [side]: colour })}
          problems={props.problems}
        />
      ))}
      <label className="bo-brand__check">
        <input
          type="checkbox"
          checked={settings.userColors}
          onChange={(event) => set('userColors', event.target.checked)}
          data-testid="bo-brand-settings-userColors"
        />
        <span>{t(`${K}.user_colors`)}</span>
      </label>
    </section>
  );
}

function RegionSection(props: FormProps) {
  const { t } = useBackoffice();
  const set = useSettings(props);
  const { settings } = props.draft;
  return (
    <section className="bo-brand__section" aria-labelledby="bo-brand-region">
      <h3 id="bo-brand-region">{t(`${K}.section.region`)}</h3>
      <label className="bo-field">
        <span>{t(`${K}.time_zone`)}</span>
        <input
          id={fieldId('settings.timezone')}
          list="bo-brand-zones"
          value={settings.timezone}
          maxLength={64}
          spellCheck={false}
          onChange={(event) => set('timezone', event.target.value.trim())}
          data-testid="bo-brand-settings-timezone"
          {...invalidProps(props.problems, 'settings.timezone')}
        />
        <ZoneList device={t(`${K}.time_zone_device`)} />
        <small>{t(`${K}.time_zone_hint`)}</small>
        <FieldError problems={props.problems} field="settings.timezone" />
      </label>
      <CheckboxGroup
        legend={t(`${K}.languages`)}
        field="settings.languages"
        options={SUPPORTED_LANGUAGES}
        chosen={settings.languages as readonly (typeof SUPPORTED_LANGUAGES)[number][]}
        label={(code) => t(`lang.${code}`)}
        // Kept in the menu order of the supported languages, whatever order they were ticked in.
        onChange={(next) =>
          set(
            'languages',
            SUPPORTED_LANGUAGES.filter((code) => next.includes(code)),
          )
        }
        problems={props.problems}
      />
      <Choice
        label={t(`${K}.default_language`)}
        field="settings.defaultLanguage"
        value={settings.defaultLanguage}
        options={
          settings.languages.includes(settings.defaultLanguage)
            ? settings.languages
            : [settings.defaultLanguage, ...settings.languages]
        }
        text={(code) => t(`lang.${code}`)}
        onChange={(code) => set('defaultLanguage', code)}
        problems={props.problems}
      />
    </section>
  );
}

function MoneySection(props: FormProps) {
  const { t } = useBackoffice();
  const set = useSettings(props);
  const { settings } = props.draft;
  return (
    <section className="bo-brand__section" aria-labelledby="bo-brand-money">
      <h3 id="bo-brand-money">{t(`${K}.section.money`)}</h3>
      <CheckboxGroup
        legend={t(`${K}.register_types`)}
        field="settings.registerTypes"
        options={REGISTER_TYPES}
        chosen={settings.registerTypes}
        label={(type) => t(`${K}.register_${type}`)}
        onChange={(next) => set('registerTypes', next)}
        problems={props.problems}
      />
      <CheckboxGroup
        legend={t(`${K}.deposit_types`)}
        field="settings.depositTypes"
        options={DEPOSIT_METHODS}
        chosen={settings.depositTypes}
        label={(type) => t(`${K}.deposit_${type}`)}
        onChange={(next) => set('depositTypes', next)}
        problems={props.problems}
      />
      <Choice
        label={t(`${K}.verify_style`)}
        field="settings.verifyStyle"
        value={settings.verifyStyle}
        options={VERIFY_STYLES}
        text={(style) => t(`${K}.verify_${style}`)}
        onChange={(style) => set('verifyStyle', style)}
        problems={props.problems}
      />
      <label className="bo-field">
        <span>{t(`${K}.home_symbols`)}</span>
        <input
          id={fieldId('settings.homeSymbols')}
          value={settings.homeSymbols.join(', ')}
          spellCheck={false}
          onChange={(event) =>
            set(
              'homeSymbols',
              event.target.value
                .split(',')
                .map((symbol) => symbol.trim().toUpperCase())
                .filter((symbol, i, all) => symbol !== '' || i === all.length - 1)
                .slice(0, HOME_SYMBOLS_MAX),
            )
          }
          data-testid="bo-brand-settings-homeSymbols"
          {...invalidProps(props.problems, 'settings.homeSymbols')}
        />
        <small>{t(`${K}.home_symbols_hint`, { max: HOME_SYMBOLS_MAX })}</small>
        <FieldError problems={props.problems} field="settings.homeSymbols" />
      </label>
    </section>
  );
}

function FlagsSection({ draft, onChange, problems }: FormProps) {
  const { t } = useBackoffice();
  return (
    <section className="bo-brand__section" aria-labelledby="bo-brand-flags">
      <h3 id="bo-brand-flags">{t(`${K}.section.flags`)}</h3>
      <div className="bo-brand__checks bo-brand__checks--flags" id={fieldId('flags')}>
        {BRAND_FLAG_NAMES.map((name) => (
          <label key={name} className="bo-brand__check">
            <input
              type="checkbox"
              checked={draft.flags[name] === true}
              onChange={(event) =>
                onChange({ ...draft, flags: { ...draft.flags, [name]: event.target.checked } })
              }
              data-testid={`bo-brand-flag-${name}`}
            />
            <span>
              {t(`${K}.flag.${name.replace('/', '_')}`)} <code className="bo-muted">{name}</code>
            </span>
          </label>
        ))}
      </div>
      <FieldError problems={problems} field="flags" />
      <TrustedApp draft={draft} onChange={onChange} problems={problems} />
    </section>
  );
}

export function BrandForm(props: FormProps) {
  const { t } = useBackoffice();
  const { draft, onChange, problems } = props;
  return (
    <div className="bo-brand__form">
      <section className="bo-brand__section bo-brand__section--wide" aria-labelledby="bo-brand-texts">
        <h3 id="bo-brand-texts">{t(`${K}.section.texts`)}</h3>
        <TranslatedText
          label={t(`${K}.site_title`)}
          field="siteTitle"
          translationsField="siteTitles"
          text={draft.siteTitle}
          translations={draft.siteTitles}
          onText={(siteTitle) => onChange({ ...draft, siteTitle })}
          onTranslations={(siteTitles) => onChange({ ...draft, siteTitles })}
          problems={problems}
        />
      </section>
      <TradingSection {...props} />
      <LookSection {...props} />
      <RegionSection {...props} />
      <MoneySection {...props} />
      <FlagsSection {...props} />
      <BannersSection {...props} />
    </div>
  );
}
