/** The account of a form: email/phone switch, then the email, or the country picker and phone number. */
import type { RegisterType } from '../../core/contract/auth';
import { useAuth } from './auth-context';
import { MAX_INPUT } from './auth.logic';
import { CountryPicker } from '../_shared/phone/country-picker';
import { Field } from './field';
import type { AccountInput } from './auth.logic';

/** Props of AccountField. */
export interface AccountFieldProps {
  idPrefix: string;
  value: AccountInput;
  onChange: (value: AccountInput) => void;
  /** Error key from auth.logic, or null. */
  error: string | null;
  disabled?: boolean;
}

/** Email/phone switch (only when the brand offers phones) and the account input. */
export function AccountField({ idPrefix, value, onChange, error, disabled }: AccountFieldProps) {
  const { t, types, session, phone, locale } = useAuth();
  const setType = (type: RegisterType) => onChange({ ...value, type, value: '' });
  const countryMissing = error === 'auth.country_first';
  const message = error ? t(error) : null;

  return (
    <>
      {types.length > 1 ? (
        <div className="tk-auth__switch" role="radiogroup" aria-label={t('auth.account_type')} part="switch">
          {types.map((type) => (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={value.type === type}
              className="tk-auth__switch-option"
              data-testid={type === 'E' ? 'auth-tab-email' : 'auth-tab-phone'}
              disabled={disabled}
              onClick={() => value.type !== type && setType(type)}
            >
              {t(type === 'E' ? 'auth.email' : 'auth.phone')}
            </button>
          ))}
        </div>
      ) : null}
      {value.type === 'E' ? (
        <Field id={`${idPrefix}-email`} label={t('auth.email')} error={message}>
          {(a11y) => (
            <input
              {...a11y}
              className="tk-auth__input"
              data-testid="auth-email"
              type="email"
              inputMode="email"
              autoComplete="username"
              maxLength={MAX_INPUT}
              disabled={disabled}
              value={value.value}
              onChange={(e) => onChange({ ...value, value: e.target.value })}
            />
          )}
        </Field>
      ) : (
        <Field
          id={`${idPrefix}-phone`}
          label={t('auth.phone')}
          error={message}
          hint={value.country ? null : t('auth.country_first')}
        >
          {(a11y) => (
            <div className="tk-auth__phone-row">
              <CountryPicker
                phone={phone}
                locale={locale}
                text={(key) => t(`auth.${key}`)}
                block="tk-auth"
                testId="auth"
                value={value.country}
                invalid={countryMissing}
                describedBy={a11y['aria-describedby']}
                onChange={(country) => {
                  session.storage.set('country', country);
                  onChange({ ...value, country });
                }}
              />
              <input
                {...a11y}
                className="tk-auth__input"
                data-testid="auth-phone"
                type="tel"
                inputMode="tel"
                autoComplete="username"
                maxLength={MAX_INPUT}
                disabled={disabled || !value.country || !phone}
                value={value.value}
                onChange={(e) => onChange({ ...value, value: e.target.value })}
              />
            </div>
          )}
        </Field>
      )}
    </>
  );
}
