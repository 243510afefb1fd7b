/** The second-factor step of sign-in (spec §4): six digits; a failure clears the code and refocuses. */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useAuth } from './auth-context';
import { CODE_LENGTH, codeError } from './auth.logic';
import { Field } from './field';

/** Props of TotpStep. */
export interface TotpStepProps {
  idPrefix: string;
  busy: boolean;
  /** Bumped by the parent after each refused code: clears the input and focuses it again. */
  failures: number;
  onSubmit: (code: string) => void;
  onBack: () => void;
}

/** The authenticator-code form. */
export function TotpStep({ idPrefix, busy, failures, onSubmit, onBack }: TotpStepProps) {
  const { t } = useAuth();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setCode('');
    input.current?.focus();
  }, [failures]);

  const submit = (value: string) => {
    const problem = codeError(value);
    setError(problem);
    if (problem) input.current?.focus();
    else onSubmit(value);
  };
  const onChange = (raw: string) => {
    const digits = raw.replace(/\D/g, '').slice(0, CODE_LENGTH);
    setCode(digits);
    setError(null);
    // A complete code is sent at once, as authenticator users expect.
    if (digits.length === CODE_LENGTH && !busy) submit(digits);
  };
  const onForm = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) submit(code);
  };

  return (
    <form className="tk-auth__form" noValidate onSubmit={onForm} aria-busy={busy}>
      <p className="tk-auth__lead">{t('auth.totp_hint')}</p>
      <Field id={`${idPrefix}-totp`} label={t('auth.totp_code')} error={error ? t(error) : null}>
        {(a11y) => (
          <input
            {...a11y}
            ref={input}
            className="tk-auth__input tk-auth__input--code"
            data-testid="auth-totp"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            disabled={busy}
            value={code}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </Field>
      <div className="tk-auth__actions">
        <button type="button" className="tk-auth__link" onClick={onBack}>
          {t('common.back')}
        </button>
        <button type="submit" className="tk-auth__submit" data-testid="auth-submit" disabled={busy}>
          {t('auth.verify')}
        </button>
      </div>
    </form>
  );
}
