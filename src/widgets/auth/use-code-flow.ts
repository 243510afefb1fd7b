/** The state and actions of the register and forgot form (code-flow-form.tsx), step 1 and step 2. */
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Forgot, Register } from '../../core/contract/auth';
import { inviteCodeOf } from '../../core/domain/invitation';
import { focusFirstInvalid, useAfterRender } from './after-render';
import { useAuth } from './auth-context';
import { resolveAccount } from './auth.logic';
import { useCaptcha } from './captcha-field';
import { codeOf, emptyBoxes } from './code-boxes.logic';
import type { CodeBoxesHandle } from './code-boxes';
import { codeFlowErrors, refusalOf, refusedPasswordError } from './code-flow.logic';
import { leaveLoginHandoff } from './handoff';
import { forgotPayload, registerPayload, sendCodeCall } from './requests';
import { useAccount } from './use-account';
import { useCodeSender } from './use-code-sender';

/** Field errors of step 2 (undefined until checked, null once the field changed). */
type StepErrors = { code?: string | null; password?: string | null };

/**
 * Everything the two steps show and do, for `purpose`. `linkInvite` is the invite code of the sign-up link the
 * visitor came by: it fills the invite field, and still counts where the brand hides that field.
 */
export function useCodeFlow(purpose: 'register' | 'forgot', linkInvite?: string) {
  const { platform, t, locale, phoneCaptcha, hideInvite, navigate, toDigits } = useAuth();
  const form = useRef<HTMLFormElement>(null);
  const boxes = useRef<CodeBoxesHandle>(null);
  const [account, setAccount, resetAccount] = useAccount(null);
  const [step, setStep] = useState<1 | 2>(1);
  const [digits, setDigits] = useState(emptyBoxes);
  const [captchaText, setCaptchaText] = useState('');
  const [password, setPassword] = useState('');
  const fromLink = inviteCodeOf(linkInvite);
  const [invite, setInvite] = useState(fromLink);
  const [errors, setErrors] = useState<StepErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const afterRender = useAfterRender();
  const sender = useCodeSender(purpose);
  const captchaMode = purpose === 'register' && phoneCaptcha === true && account.type === 'P';
  // A phone registration before the system config came: captcha or SMS is not known yet, so it waits.
  const deciding = purpose === 'register' && phoneCaptcha === null && account.type === 'P';
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
    if (deciding) return;
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

  function call(code: string) {
    if (purpose === 'forgot')
      return platform.api.call(Forgot, forgotPayload(resolved, password, code), { silent: true });
    const payload = registerPayload(resolved, {
      password,
      code,
      inviteCode: hideInvite ? fromLink : invite,
      uuid: captchaMode ? captcha.uuid : null,
      locale,
    });
    return platform.api.call(Register, payload, { silent: true });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const code = captchaMode ? captchaText : codeOf(digits);
    const found = codeFlowErrors(purpose, captchaMode, code, password);
    setErrors(found);
    if (found.code || found.password) {
      afterRender(() => focusFirstInvalid(form.current));
      return;
    }
    setBusy(true);
    setFormError(null);
    const result = await call(code);
    setBusy(false);
    if (result.ok) return succeed();
    // A refused password is said at its field, in words about the password rather than "incorrect parameter".
    const passwordRefused = refusedPasswordError(result.code, result.envelope?.msg);
    if (passwordRefused) {
      setErrors({ password: passwordRefused });
      afterRender(() => focusFirstInvalid(form.current));
      return;
    }
    setFormError(result.message);
    const refusal = refusalOf(captchaMode, result.code);
    if (refusal === 'reload-captcha') {
      setCaptchaText('');
      void captcha.reload(true);
    } else if (refusal === 'clear-code') {
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

  /** A field edit that also clears that field's error. */
  const edit =
    <V>(set: (value: V) => void, field: keyof StepErrors) =>
    (value: V) => {
      set(value);
      setErrors({ ...errors, [field]: null });
    };

  return {
    form,
    boxes,
    step,
    account,
    setAccount,
    captchaMode,
    deciding,
    captcha,
    shown,
    digits,
    onDigits: edit(setDigits, 'code'),
    captchaText,
    onCaptchaText: edit(setCaptchaText, 'code'),
    password,
    onPassword: edit(setPassword, 'password'),
    invite,
    setInvite,
    errors,
    formError,
    notice,
    busy,
    sender,
    sendCode,
    next,
    back,
    submit,
  };
}
