/** Step 1 of register and forgot: the account, then "Send code" (or "Next" when a captcha replaces it). */
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { AccountField } from './account-field';
import { focusFirstInvalid, useAfterRender } from './after-render';
import { useAuth } from './auth-context';
import { accountError } from './auth.logic';
import { FormError } from './field';
import type { AccountInput } from './auth.logic';

/** Props of AccountStep. */
export interface AccountStepProps {
  idPrefix: string;
  kind: 'register' | 'forgot';
  account: AccountInput;
  onAccount: (account: AccountInput) => void;
  busy: boolean;
  /** The label of the button (send code / next). */
  action: string;
  formError: string | null;
  onNext: () => void;
}

/** The account form of step 1. */
export function AccountStep(props: AccountStepProps) {
  const { idPrefix, kind, account, onAccount, busy, action, formError, onNext } = props;
  const { t, navigate, toDigits } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const afterRender = useAfterRender();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = accountError(kind, account, toDigits);
    setError(problem);
    if (problem) afterRender(() => focusFirstInvalid(form.current));
    else onNext();
  };

  return (
    <form ref={form} className="tk-auth__form" noValidate onSubmit={submit} aria-busy={busy}>
      <AccountField
        idPrefix={idPrefix}
        value={account}
        onChange={(next) => {
          onAccount(next);
          setError(null);
        }}
        error={error}
        disabled={busy}
      />
      <FormError message={formError} />
      <button
        type="submit"
        className="tk-auth__submit"
        data-testid="auth-send-code"
        disabled={busy}
        part="submit"
      >
        {action}
      </button>
      <p className="tk-auth__alt">
        {t('auth.have_account')}{' '}
        <button type="button" className="tk-auth__link" onClick={() => navigate('/login')}>
          {t('nav.login')}
        </button>
      </p>
    </form>
  );
}
