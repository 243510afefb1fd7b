import { useEffect, useId, useState } from 'react';
import { bindEmailState, canBindEmail, LIMITS, VIEW_PATHS } from './account.logic';
import { BindEmail as BindEmailEndpoint } from '../../core/contract/users';
import { callAccount } from './account-api';
import { useAccount } from './account-context';
import { Field, PageHeader } from './parts';
import { useToast } from '../_shared/toast';

/**
 * Bind email (spec §2/§5): only for phone-registered users of a brand that allows it, else back to /user;
 * Done is disabled while the address is invalid or equal to the current one.
 */
export function BindEmail() {
  const { t, platform, session, user, systemConfig, navigate, back } = useAccount();
  const toast = useToast();
  const id = useId();
  const [email, setEmail] = useState(user?.email ?? '');
  const [busy, setBusy] = useState(false);
  const allowed = canBindEmail(user, systemConfig);
  // The system config arrives after the first paint: decide only once it is there.
  const known = systemConfig !== null;

  useEffect(() => {
    if (known && !allowed) navigate(VIEW_PATHS.menu);
  }, [known, allowed, navigate]);
  if (!user || !allowed) return null;

  const { error, canSubmit } = bindEmailState(email, user.email);
  const submit = async () => {
    if (!canSubmit) return;
    setBusy(true);
    const result = await callAccount(platform, BindEmailEndpoint, { email: email.trim() });
    setBusy(false);
    if (!result.ok) return toast(result.message, 'error');
    toast(t('msg.update_success'));
    await session.refreshUser();
    navigate(VIEW_PATHS.account);
  };

  return (
    <div className="tk-account__page" data-view="bindEmail">
      <PageHeader
        title={t('account.bind_email')}
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
        <Field
          id={`${id}-email`}
          label={t('account.email')}
          error={error ? t(error) : null}
          hint={user.email ? t('account.current_email', { email: user.email }) : undefined}
        >
          <input
            id={`${id}-email`}
            className="tk-account__input"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            maxLength={LIMITS.email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-email-error` : user.email ? `${id}-email-hint` : undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <button
          type="submit"
          className="tk-account__btn"
          data-variant="primary"
          disabled={!canSubmit || busy}
          aria-busy={busy || undefined}
        >
          {t('account.done')}
        </button>
      </form>
    </div>
  );
}
