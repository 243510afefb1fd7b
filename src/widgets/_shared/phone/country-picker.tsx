/**
 * The country / area-code picker of the phone field (spec §5: chosen before phone entry): a button that
 * opens a searchable listbox (combobox pattern: typing filters, arrows move, Enter picks, Escape closes).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { searchCountries } from './countries';
import type { PhoneRules } from './phone-loader';

/** The picker's texts: `country`, `country_choose`, `country_search`, `country_none`. */
export type CountryPickerText = (
  key: 'country' | 'country_choose' | 'country_search' | 'country_none',
) => string;

/** Props of CountryPicker. */
export interface CountryPickerProps {
  value: string | null;
  onChange: (code: string) => void;
  invalid?: boolean;
  describedBy?: string;
  /** The phone rules once loaded (the list comes from them); the button is disabled before. */
  phone: PhoneRules | null;
  locale: string;
  text: CountryPickerText;
  /** The widget's class block (`tk-auth`): `<block>__country`, `__country-button`, `__input`, … */
  block: string;
  /** A shared class the button and the search input carry besides the block's (`tk-saved__input`). */
  inputClass?: string;
  /** Prefix of the test ids (`auth` gives `auth-country`, `auth-country-search`, `auth-country-option`). */
  testId: string;
}

/**
 * The country / area-code picker of a phone field (sign-up, bank card payee phone): a button that opens a
 * searchable listbox.
 */
export function CountryPicker(props: CountryPickerProps) {
  const { value, onChange, invalid, describedBy, phone, locale, block, inputClass, testId } = props;
  const withShared = (own: string) => (inputClass ? `${inputClass} ${own}` : own);
  const t = props.text;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const list = useMemo(() => phone?.countryList(locale) ?? [], [phone, locale]);
  const matches = useMemo(() => searchCountries(list, query), [list, query]);
  const chosen = list.find((c) => c.code === value) ?? null;

  useEffect(() => {
    if (open) search.current?.focus();
  }, [open]);
  useEffect(() => setActive(0), [query]);

  const close = () => {
    setOpen(false);
    setQuery('');
    button.current?.focus();
  };
  const pick = (code: string) => {
    onChange(code);
    close();
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowDown') setActive(Math.min(active + 1, matches.length - 1));
    else if (event.key === 'ArrowUp') setActive(Math.max(active - 1, 0));
    else if (event.key === 'Enter' && matches[active]) pick(matches[active].code);
    else return;
    event.preventDefault();
  };

  return (
    <div className={`${block}__country`}>
      <button
        ref={button}
        type="button"
        className={withShared(`${block}__country-button`)}
        data-testid={`${testId}-country`}
        part="country"
        aria-haspopup="listbox"
        aria-expanded={open}
        disabled={!phone}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        // The visible text inside the name (WCAG 2.5.3), not in brackets: a name's bracketed part is an aside
        // that a voice-control user does not say. Without a choice the visible text names it.
        aria-label={
          chosen ? `${t('country')}: ${chosen.name}, ${chosen.code} +${chosen.callingCode}` : undefined
        }
        onClick={() => (open ? close() : setOpen(true))}
      >
        {chosen ? `${chosen.code} +${chosen.callingCode}` : t('country_choose')}
      </button>
      {open ? (
        <div className={`${block}__country-panel`} part="country-panel">
          <input
            ref={search}
            type="search"
            className={withShared(`${block}__input`)}
            data-testid={`${testId}-country-search`}
            role="combobox"
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-activedescendant={matches[active] ? `${id}-${matches[active].code}` : undefined}
            aria-label={t('country_search')}
            placeholder={t('country_search')}
            autoComplete="off"
            maxLength={40}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onKey}
          />
          <ul id={`${id}-list`} role="listbox" className={`${block}__country-list`} aria-label={t('country')}>
            {matches.length === 0 ? <li className={`${block}__hint`}>{t('country_none')}</li> : null}
            {matches.map((c, index) => (
              <li
                key={c.code}
                id={`${id}-${c.code}`}
                role="option"
                aria-selected={c.code === value}
                data-active={index === active || undefined}
                data-testid={`${testId}-country-option`}
                data-country={c.code}
                className={`${block}__country-option`}
                onPointerDown={(e) => e.preventDefault()}
                onClick={() => pick(c.code)}
              >
                <span>{c.name}</span>
                <span className="tk-num">+{c.callingCode}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
