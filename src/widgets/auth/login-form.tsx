/**
 * The login screen (spec §2/§4/§5): account, password, remember account/password, forgot and sign-up
 * links; then, when the answer has qrcodeStatus 0, the second-factor step; then the session is signed in.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Login, type LoginResponse } from '../../core/contract/auth';
import { AccountField } from './account-field';
import { focusFirstInvalid, useAfterRender, useMountedRef } from './after-render';
import { useAuth } from './auth-context';
import { accountError, needsSecondFactor, passwordError, resolveAccount } from './auth.logic';
import { FormError, Notice } from './field';
import { takeLoginHandoff } from './handoff';
import { PasswordField } from './password-field';
import { RememberOptions } from './remember-options';
import { loginPayload } from './requests';
import type { AccountInput } from './auth.logic';
import { TotpStep } from './totp-step';
import { useAccount } from './use-account';

/** Props of LoginForm. */
export interface LoginFormProps {
  /** Called once the session is signed in, with the user's uid. */
  onSignedIn: (uid: string) => void;
}

/** The login form and its second-factor step. */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { platform, session, t, navigate, toDigits } = useAuth();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [handoff] = useState(() => takeLoginHandoff(platform));
  const remembered = useMemo(() => session.remember.account(), [session]);
  const [account, setAccount] = useAccount(handoff?.account ?? remembered);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState({ account: remembered !== null, password: false });
  const [errors, setErrors] = useState<{ account: string | null; password: string | null }>({
    account: null,
    password: null,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(handoff ? t(handoff.notice) : null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<'form' | 'totp'>('form');
  const [failures, setFailures] = useState(0);
  const afterRender = useAfterRender();
  const mounted = useMountedRef();

  useEffect(() => {
    if (handoff || !session.remember.passwordSupported()) return;
    let live = true;
    void session.remember.password().then((saved) => {
      if (!live || !saved) return;
      setPassword(saved);
      setRemember({ account: true, password: true });
    });
    return () => {
      live = false;
    };
  }, [handoff, session]);

  async function finish(tokens: LoginResponse, used: AccountInput) {
    await session.signIn(tokens);
    session.remember.setAccount(remember.account ? { type: used.type, value: used.value.trim() } : null);
    if (used.type === 'P' && used.country) session.storage.set('country', used.country);
    const keep = remember.account && remember.password ? password : null;
    // The browser's credential store answers when it likes (it may ask the user first): the sign-in does not wait.
    const remembering = session.remember.setPassword(keep, resolveAccount(used, toDigits).username);
    // A host router that already left the sign-in page (the session changed) decides where the page is now: a
    // form it unmounted must not send the visitor back to its return path later.
    if (mounted.current) {
      setNotice(t('auth.login_success'));
      onSignedIn(session.getState().uid ?? platform.store.get(session.atoms.user)?.uid ?? '');
    }
    await remembering;
  }

  async function login(authCode?: string) {
    setBusy(true);
    setFormError(null);
    const result = await platform.api.call(
      Login,
      loginPayload(resolveAccount(account, toDigits), password, authCode),
      { silent: true },
    );
    if (!result.ok || (authCode !== undefined && needsSecondFactor(result.data))) {
      setBusy(false);
      setFormError(result.ok ? t('code.1020') : result.message);
      if (authCode !== undefined) setFailures((n) => n + 1);
      return;
    }
    if (needsSecondFactor(result.data)) {
      setBusy(false);
      setStep('totp');
      return;
    }
    await finish(result.data, account);
    setBusy(false);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const next = {
      account: accountError('login', account, toDigits),
      password: passwordError('login', password),
    };
    setErrors(next);
    setNotice(null);
    if (next.account || next.password) {
      afterRender(() => focusFirstInvalid(form.current));
      return;
    }
    void login();
  };

  if (step === 'totp') {
    return (
      <>
        <FormError message={formError} />
        <TotpStep
          idPrefix={id}
          busy={busy}
          failures={failures}
          onSubmit={(code) => void login(code)}
          onBack={() => {
            setStep('form');
            setFormError(null);
          }}
        />
      </>
    );
  }

  return (
    <form ref={form} className="tk-auth__form" noValidate onSubmit={submit} aria-busy={busy}>
      <Notice message={notice} />
      <AccountField
        idPrefix={id}
        value={account}
        onChange={(next) => {
          setAccount(next);
          setErrors({ ...errors, account: null });
        }}
        error={errors.account}
        disabled={busy}
      />
      <PasswordField
        id={`${id}-password`}
        label={t('auth.password')}
        value={password}
        onChange={(next) => {
          setPassword(next);
          setErrors({ ...errors, password: null });
        }}
        error={errors.password}
        autoComplete="current-password"
        disabled={busy}
      />
      <div className="tk-auth__row">
        <RememberOptions value={remember} onChange={setRemember} />
        <button type="button" className="tk-auth__link" onClick={() => navigate('/forgot')}>
          {t('auth.forgot_link')}
        </button>
      </div>
      <FormError message={formError} />
      <button
        type="submit"
        className="tk-auth__submit"
        data-testid="auth-submit"
        disabled={busy}
        part="submit"
      >
        {t('nav.login')}
      </button>
      <p className="tk-auth__alt">
        {t('auth.no_account')}{' '}
        <button type="button" className="tk-auth__link" onClick={() => navigate('/register')}>
          {t('nav.register')}
        </button>
      </p>
    </form>
  );
}
