/**
 * Register and forgot password (spec §2/§4/§5): step 1 the account and send the code; step 2 the code (or
 * the image captcha for phone registration without SMS), the password and, to register, the invite code.
 * Back from step 2 resets the form; success goes to login with the account prefilled.
 */
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Forgot, Register } from '../../core/contract/auth';
import { Code } from '../../core/contract/codes';
import { focusFirstInvalid, useAfterRender } from './after-render';
import { AccountStep } from './account-step';
import { useAuth } from './auth-context';
import { MAX_INPUT, captchaError, codeError, passwordError, resolveAccount } from './auth.logic';
import { CaptchaField, useCaptcha } from './captcha-field';
import { codeOf, emptyBoxes } from './code-boxes.logic';
import type { CodeBoxesHandle } from './code-boxes';
import { CodeStep } from './code-step';
import { Field, FormError, Notice } from './field';
import { leaveLoginHandoff } from './handoff';
import { PasswordField } from './password-field';
import { forgotPayload, registerPayload, sendCodeCall } from './requests';
import { useAccount } from './use-account';
import { useCodeSender } from './use-code-sender';

/** Server codes that mean the code or captcha was wrong or stale: clear it and ask again. */
const CODE_REFUSED = new Set<number>([
  Code.INVALID_VERIFICATION_CODE,
  Code.VERIFICATION_CODE_INVALID,
  Code.CAPTCHA_EXPIRED,
  Code.CAPTCHA_INVALID,
]);
const CAPTCHA_EXPIRED = Code.CAPTCHA_EXPIRED;

/** The two-step register or forgot form. */
export function CodeFlowForm({ purpose }: { purpose: 'register' | 'forgot' }) {
  const { platform, t, locale, phoneCaptcha, hideInvite, navigate, toDigits } = useAuth();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const boxes = useRef<CodeBoxesHandle>(null);
  const [account, setAccount, resetAccount] = useAccount(null);
  const [step, setStep] = useState<1 | 2>(1);
  const [digits, setDigits] = useState(emptyBoxes);
  const [captchaText, setCaptchaText] = useState('');
  const [password, setPassword] = useState('');
  const [invite, setInvite] = useState('');
  const [errors, setErrors] = useState<{ code?: string | null; password?: string | null }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const afterRender = useAfterRender();
  const sender = useCodeSender(purpose);
  const captchaMode = purpose === 'register' && phoneCaptcha && account.type === 'P';
  const captcha = useCaptcha(step === 2 && captchaMode);
  const resolved = resolveAccount(account, toDigits);
  const shown = account.type === 'E' ? resolved.username : `+${resolved.username}`;

  async function sendCode(): Promise<boolean> {
    setFormError(null);
    const outcome = await sender.send(account);
    if (!outcome.ok) setFormError(outcome.message);
    else setNotice(outcome.message ?? t('auth.code_sent', { to: shown }));
    return outcome.ok;
  }

  async function next() {
    if (captchaMode || (await sendCode())) {
      setStep(2);
      if (!captchaMode) afterRender(() => boxes.current?.focus(0));
    }
  }

  function back() {
    setStep(1);
    resetAccount();
    setDigits(emptyBoxes());
    setCaptchaText('');
    setPassword('');
    setInvite('');
    setErrors({});
    setFormError(null);
    setNotice(null);
    sender.reset();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const code = captchaMode ? captchaText : codeOf(digits);
    const found = {
      code: captchaMode ? captchaError(code) : codeError(code),
      password: passwordError(purpose, password),
    };
    setErrors(found);
    if (found.code || found.password) {
      afterRender(() => focusFirstInvalid(form.current));
      return;
    }
    setBusy(true);
    setFormError(null);
    const result = await (purpose === 'register'
      ? platform.api.call(
          Register,
          registerPayload(resolved, {
            password,
            code,
            inviteCode: hideInvite ? '' : invite,
            uuid: captchaMode ? captcha.uuid : null,
            locale,
          }),
          { silent: true },
        )
      : platform.api.call(Forgot, forgotPayload(resolved, password, code), { silent: true }));
    setBusy(false);
    if (result.ok) return succeed();
    setFormError(result.message);
    if (captchaMode && result.code === CAPTCHA_EXPIRED) {
      setCaptchaText('');
      void captcha.reload(true);
    } else if (!captchaMode && typeof result.code === 'number' && CODE_REFUSED.has(result.code)) {
      setDigits(emptyBoxes());
      afterRender(() => boxes.current?.focus(0));
    }
  }

  function succeed() {
    if (purpose === 'register' && account.type === 'E') {
      const mail = sendCodeCall(resolved, 'registrationComplete', locale);
      void platform.api.call(mail.endpoint, mail.payload, { silent: true });
    }
    const notice = purpose === 'register' ? 'auth.register_success' : 'auth.reset_success';
    leaveLoginHandoff(platform, { account: { ...account, value: account.value.trim() }, notice });
    navigate('/login');
  }

  if (step === 1) {
    return (
      <AccountStep
        idPrefix={id}
        kind={purpose}
        account={account}
        onAccount={setAccount}
        busy={sender.sending}
        action={t(captchaMode ? 'auth.next' : 'auth.send_code')}
        formError={formError}
        onNext={() => void next()}
      />
    );
  }

  return (
    <form ref={form} className="tk-auth__form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
      <Notice message={notice} />
      <p className="tk-auth__lead">{shown}</p>
      {captchaMode ? (
        <CaptchaField
          id={`${id}-captcha`}
          captcha={captcha}
          value={captchaText}
          onChange={(v) => {
            setCaptchaText(v);
            setErrors({ ...errors, code: null });
          }}
          error={errors.code ?? null}
          disabled={busy}
        />
      ) : (
        <CodeStep
          ref={boxes}
          id={`${id}-code`}
          digits={digits}
          onDigits={(d) => {
            setDigits(d);
            setErrors({ ...errors, code: null });
          }}
          error={errors.code ?? null}
          wait={sender.wait}
          sending={sender.sending}
          onResend={() => void sendCode()}
          disabled={busy}
        />
      )}
      <PasswordField
        id={`${id}-password`}
        label={t(purpose === 'register' ? 'auth.password' : 'auth.new_password')}
        value={password}
        onChange={(v) => {
          setPassword(v);
          setErrors({ ...errors, password: null });
        }}
        error={errors.password ?? null}
        autoComplete="new-password"
        disabled={busy}
      />
      {purpose === 'register' && !hideInvite ? (
        <Field id={`${id}-invite`} label={t('auth.invite_code')} error={null}>
          {(a11y) => (
            <input
              {...a11y}
              className="tk-auth__input"
              data-testid="auth-invite"
              autoComplete="off"
              maxLength={MAX_INPUT}
              disabled={busy}
              value={invite}
              onChange={(e) => setInvite(e.target.value)}
            />
          )}
        </Field>
      ) : null}
      <FormError message={formError} />
      <div className="tk-auth__actions">
        <button type="button" className="tk-auth__link" onClick={back}>
          {t('common.back')}
        </button>
        <button
          type="submit"
          className="tk-auth__submit"
          data-testid="auth-submit"
          disabled={busy}
          part="submit"
        >
          {t(purpose === 'register' ? 'nav.register' : 'auth.reset_submit')}
        </button>
      </div>
    </form>
  );
}
