/**
 * Register and forgot password (spec §2/§4/§5): step 1 the account and send the code; step 2 the code (or
 * the image captcha for phone registration without SMS), the password and, to register, the invite code.
 * Back from step 2 resets the form; success goes to login with the account prefilled.
 */
import { useId } from 'react';
import { AccountStep } from './account-step';
import { useAuth } from './auth-context';
import { MAX_INPUT } from './auth.logic';
import { CaptchaField } from './captcha-field';
import { CodeStep } from './code-step';
import { Field, FormError, Notice } from './field';
import { PasswordField } from './password-field';
import { useCodeFlow } from './use-code-flow';

/** The two-step register or forgot form. */
export function CodeFlowForm({ purpose, invite }: { purpose: 'register' | 'forgot'; invite?: string }) {
  const { t, hideInvite } = useAuth();
  const id = useId();
  const flow = useCodeFlow(purpose, invite);
  const { step, captchaMode, errors, formError, busy, sender } = flow;

  if (step === 1) {
    return (
      <AccountStep
        idPrefix={id}
        kind={purpose}
        account={flow.account}
        onAccount={flow.setAccount}
        busy={sender.sending || flow.deciding}
        action={t(captchaMode ? 'auth.next' : 'auth.send_code')}
        formError={formError}
        onNext={() => void flow.next()}
      />
    );
  }

  return (
    <form
      ref={flow.form}
      className="tk-auth__form"
      noValidate
      onSubmit={(e) => void flow.submit(e)}
      aria-busy={busy}
    >
      <Notice message={flow.notice} />
      <p className="tk-auth__lead">{flow.shown}</p>
      {captchaMode ? (
        <CaptchaField
          id={`${id}-captcha`}
          captcha={flow.captcha}
          value={flow.captchaText}
          onChange={flow.onCaptchaText}
          error={errors.code ?? null}
          disabled={busy}
        />
      ) : (
        <CodeStep
          ref={flow.boxes}
          id={`${id}-code`}
          digits={flow.digits}
          onDigits={flow.onDigits}
          error={errors.code ?? null}
          wait={sender.wait}
          sending={sender.sending}
          onResend={() => void flow.sendCode()}
          disabled={busy}
        />
      )}
      <PasswordField
        id={`${id}-password`}
        label={t(purpose === 'register' ? 'auth.password' : 'auth.new_password')}
        value={flow.password}
        onChange={flow.onPassword}
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
              value={flow.invite}
              onChange={(e) => flow.setInvite(e.target.value)}
            />
          )}
        </Field>
      ) : null}
      <FormError message={formError} />
      <div className="tk-auth__actions">
        <button type="button" className="tk-auth__link" onClick={flow.back}>
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
