/** The password field with a show/hide toggle (max 140, spec §9). */
import { useState } from 'react';
import { useAuth } from './auth-context';
import { MAX_INPUT } from './auth.logic';
import { Field } from './field';

/** Props of PasswordField. */
export interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Error key, or null. */
  error: string | null;
  /** `current-password` to sign in, `new-password` to register or reset. */
  autoComplete: 'current-password' | 'new-password';
  disabled?: boolean;
}

/** Password input with its label, error and a show/hide button. */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  error,
  autoComplete,
  disabled,
}: PasswordFieldProps) {
  const { t } = useAuth();
  const [shown, setShown] = useState(false);
  return (
    <Field id={id} label={label} error={error ? t(error) : null}>
      {(a11y) => (
        <div className="tk-auth__password">
          <input
            {...a11y}
            className="tk-auth__input"
            data-testid="auth-password"
            type={shown ? 'text' : 'password'}
            autoComplete={autoComplete}
            maxLength={MAX_INPUT}
            disabled={disabled}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <button
            type="button"
            className="tk-auth__reveal"
            aria-pressed={shown}
            aria-label={t('auth.show_password')}
            onClick={() => setShown(!shown)}
          >
            {t(shown ? 'auth.hide' : 'auth.show')}
          </button>
        </div>
      )}
    </Field>
  );
}
