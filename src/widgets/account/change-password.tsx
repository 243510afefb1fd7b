import { useEffect, useId, useRef, useState } from 'react';
import { passwordChangeErrors, VIEW_PATHS } from './account.logic';
import type { PasswordChange } from './account.logic';
import { passwordRuleOf } from '../../core/contract/auth';
import { Code } from '../../core/contract/codes';
import { SubmitPassword } from '../../core/contract/users';
import type { CallResult } from '../../core/runtime/types';
import { callAccount } from './account-api';
import { useAccount } from './account-context';
import { Field, PageHeader } from './parts';
import { PasswordInput } from './password-input';
import { useToast } from '../_shared/toast';

/** Spec §9: after a password change the page goes to login after 1 s. */
export const PASSWORD_REDIRECT_MS = 1000;

/**
 * The new password's error key for a 1001 that names a password rule (docs/decisions.md SEC7, SEC8): the length
 * text, or the common-or-context one; null for any other failure (shown as a toast).
 */
function refusedPasswordKey(result: CallResult<unknown> & { ok: false }): string | null {
  const rule = result.code === Code.INCORRECT_PARAMETER ? passwordRuleOf(result.envelope?.msg) : null;
  if (rule === null) return null;
  return rule === 'length' ? 'form.password_limit' : 'account.password_refused';
}

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
  // The server's refusal of the new password, until that field changes.
  const [refused, setRefused] = useState<string | null>(null);
  const checked = submitted ? passwordChangeErrors(form) : {};
  const errors = refused && !checked.newPassword ? { ...checked, newPassword: refused } : checked;

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
    if (!result.ok) {
      const key = refusedPasswordKey(result);
      return key ? setRefused(key) : toast(result.message, 'error');
    }
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
                onChange={(e) => {
                  setForm({ ...form, [name]: e.target.value });
                  if (name === 'newPassword') setRefused(null);
                }}
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
