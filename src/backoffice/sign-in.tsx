/** The operator sign-in: email, password and the 6-digit code of the authenticator app. */
import { useRef, useState, type FormEvent } from 'react';
import { OperatorLogin, type OperatorSession } from '../core/contract/backoffice';
import { Code } from '../core/contract/codes';
import { failureText, useBackoffice } from './context';
import { FormEnd } from './form-end';
import { normalizeCode } from './logic';

export function SignIn({ onSignedIn }: { onSignedIn: (session: OperatorSession) => void }) {
  const { call, t } = useBackoffice();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [codeRefused, setCodeRefused] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    const answer = await call(OperatorLogin, { email: email.trim(), password, code });
    setBusy(false);
    if (answer.ok) {
      onSignedIn(answer.data);
      return;
    }
    // A failed code cannot be used again: clear it for the next one.
    setCode('');
    setError(failureText(t, answer));
    // 1020: email and password were right, only the code was not; the next code goes straight in.
    const wrongCode = answer.code === Code.INVALID_VERIFICATION_CODE;
    setCodeRefused(wrongCode);
    if (wrongCode) codeInput.current?.focus();
  };

  return (
    <main className="bo-signin">
      <form className="bo-card bo-signin__form" onSubmit={submit} aria-labelledby="bo-signin-title">
        <h1 id="bo-signin-title">{t('backoffice.sign_in.heading')}</h1>
        <label className="bo-field">
          <span>{t('backoffice.sign_in.email')}</span>
          <input
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            data-testid="bo-email"
          />
        </label>
        <label className="bo-field">
          <span>{t('backoffice.sign_in.password')}</span>
          <input
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            data-testid="bo-password"
          />
        </label>
        <label className="bo-field">
          <span>{t('backoffice.sign_in.code')}</span>
          <input
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            required
            value={code}
            ref={codeInput}
            onChange={(event) => setCode(normalizeCode(event.target.value))}
            aria-invalid={codeRefused || undefined}
            aria-describedby={codeRefused ? 'bo-code-hint bo-signin-error' : 'bo-code-hint'}
            data-testid="bo-code"
          />
          <small id="bo-code-hint">{t('backoffice.sign_in.code_hint')}</small>
        </label>
        <FormEnd
          error={error}
          errorId="bo-signin-error"
          errorTestId="bo-signin-error"
          busy={busy}
          submitTestId="bo-submit"
        >
          {busy ? t('backoffice.sign_in.signing_in') : t('backoffice.sign_in.submit')}
        </FormEnd>
      </form>
    </main>
  );
}
