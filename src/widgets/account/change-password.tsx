import { useEffect, useId, useRef, useState } from 'react';
import { passwordChangeErrors, VIEW_PATHS } from './account.logic';
import type { PasswordChange } from './account.logic';
import { SubmitPassword } from '../../core/contract/users';
import { callAccount } from './account-api';
import { useAccount } from './account-context';
import { Field, PageHeader } from './parts';
import { PasswordInput } from './password-input';
import { useToast } from '../_shared/toast';

/** Spec §9: after a password change the page goes to login after 1 s. */
export const PASSWORD_REDIRECT_MS = 1000;

const FIELDS = [
  ['oldPassword', 'account.old_password', 'current-password'],
  ['newPassword', 'account.new_password', 'new-password'],
  ['repeat', 'account.repeat_password', 'new-password'],
] as const;

/**
 * Change password (spec §2/§5): old and new at least 7 characters, the repeat must match; 1109 for a wrong
 * old password. On success the server ends every session, so the page signs out and goes to login.
 */
export function ChangePassword() {
  const { t, platform, session, navigate, back } = useAccount();
  const toast = useToast();
  const id = useId();
  const [form, setForm] = useState<PasswordChange>({ oldPassword: '', newPassword: '', repeat: '' });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const errors = submitted ? passwordChangeErrors(form) : {};

  // The latest navigate/session without restarting the 1 s timer when the page re-renders.
  const after = useRef({ session, navigate });
  after.current = { session, navigate };
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      const { session: current, navigate: go } = after.current;
      void current.logout().then(() => go('/login'));
    }, PASSWORD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done]);

  const submit = async () => {
    setSubmitted(true);
    if (Object.keys(passwordChangeErrors(form)).length > 0) return;
    setBusy(true);
    const result = await callAccount(platform, SubmitPassword, {
      oldPassword: form.oldPassword,
      newPassword: form.newPassword,
      metaData: JSON.stringify({ locale: platform.i18n.language }),
    });
    setBusy(false);
    if (!result.ok) return toast(result.message, 'error');
    toast(t('msg.update_success'));
    setDone(true);
  };

  return (
    <div className="tk-account__page" data-view="changePassword">
      <PageHeader
        title={t('account.change_password')}
        backLabel={t('common.back')}
        onBack={back ? () => navigate(VIEW_PATHS.account) : undefined}
      />
      <form
        className="tk-account__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {FIELDS.map(([name, label, autoComplete]) => {
          const error = errors[name];
          const fieldId = `${id}-${name}`;
          return (
            <Field key={name} id={fieldId} label={t(label)} error={error ? t(error) : null}>
              <PasswordInput
                id={fieldId}
                name={name}
                value={form[name]}
                autoComplete={autoComplete}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${fieldId}-error` : undefined}
                showLabel={t('account.show_password')}
                hideLabel={t('account.hide_password')}
                onChange={(e) => setForm({ ...form, [name]: e.target.value })}
              />
            </Field>
          );
        })}
        <p className="tk-account__hint">{t('form.password_limit')}</p>
        <button
          type="submit"
          className="tk-account__btn"
          data-variant="primary"
          disabled={busy || done}
          aria-busy={busy || undefined}
        >
          {t('account.done')}
        </button>
      </form>
    </div>
  );
}
