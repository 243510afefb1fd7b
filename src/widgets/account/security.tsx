import { lazy, Suspense, useId, useRef, useState } from 'react';
import { LIMITS, VIEW_PATHS } from './account.logic';
import { DisableTotp, EnableTotp, SetupTotp, type TotpSetup } from '../../core/contract/auth';
import { callAccount } from './account-api';
import { useAccount } from './account-context';
import { CodeInput } from './code-input';
import { CopyButton } from './copy-button';
import { Icon } from './icons';
import { Field, PageHeader } from './parts';
import { useToast } from '../_shared/toast';

// The signed-in devices load when the page opens: they stay out of the widget's first paint (SB4).
const Devices = lazy(() => import('./devices').then((m) => ({ default: m.Devices })));
// The QR encoder loads with the setup it draws (as the invitation's QR): not with every account page (EK39).
const QrCode = lazy(() => import('./qr-code').then((m) => ({ default: m.QrCode })));

/** A base32 secret in groups of four, easier to type into an authenticator by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Second factor (issue #3): set up shows the otpauth QR code and the secret, then a 6-digit code turns it
 * on; turning it off also takes a current code. A rejected code is cleared and the field refocused. Below it, the
 * signed-in devices (`Devices`).
 */
export function Security() {
  const { t, platform, session, user, navigate, back } = useAccount();
  const toast = useToast();
  const id = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  const enabled = user.totpEnabled;

  const begin = async () => {
    setBusy(true);
    const result = await callAccount(platform, SetupTotp, {});
    setBusy(false);
    if (!result.ok) return toast(result.message, 'error');
    setSetup(result.data);
    setCode('');
  };

  const confirm = async () => {
    if (code.length !== LIMITS.totpCode) return;
    setBusy(true);
    const result = await callAccount(platform, enabled ? DisableTotp : EnableTotp, { code });
    setBusy(false);
    if (!result.ok) {
      toast(result.message, 'error');
      setCode('');
      codeRef.current?.focus();
      return;
    }
    toast(t('msg.update_success'));
    setSetup(null);
    setCode('');
    await session.refreshUser();
  };

  const codeForm = (label: string, action: string) => (
    <form
      className="tk-account__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      <Field id={`${id}-code`} label={label}>
        <CodeInput ref={codeRef} id={`${id}-code`} value={code} onChange={setCode} />
      </Field>
      <button
        type="submit"
        className="tk-account__btn"
        data-variant={enabled ? 'danger' : 'primary'}
        disabled={busy || code.length !== LIMITS.totpCode}
        aria-busy={busy || undefined}
      >
        {action}
      </button>
    </form>
  );

  return (
    <div className="tk-account__page" data-view="security">
      <PageHeader
        title={t('account.security')}
        backLabel={t('common.back')}
        onBack={back ? () => navigate(VIEW_PATHS.account) : undefined}
      />
      <div className="tk-account__status" data-on={enabled || undefined} data-testid="totp-status">
        <Icon name="shield" size={28} />
        <div>
          <p className="tk-account__status-title">
            {t('account.totp')}: {t(enabled ? 'account.on' : 'account.off')}
          </p>
          <p className="tk-account__hint">{t('account.totp_intro')}</p>
        </div>
      </div>
      {enabled ? codeForm(t('account.totp_code_to_disable'), t('account.totp_disable')) : null}
      {!enabled && !setup ? (
        <button
          type="button"
          className="tk-account__btn tk-account__wide"
          data-variant="primary"
          disabled={busy}
          onClick={begin}
          data-testid="totp-setup"
        >
          {t('account.totp_setup')}
        </button>
      ) : null}
      {!enabled && setup ? (
        <ol className="tk-account__steps">
          <li>
            <p>{t('account.totp_step_scan')}</p>
            <Suspense fallback={<p className="tk-state">{t('app.loading')}</p>}>
              <QrCode text={setup.otpauthUri} label={t('account.totp_qr')} />
            </Suspense>
          </li>
          <li>
            <p>{t('account.totp_step_key')}</p>
            <p className="tk-account__secret">
              <code data-testid="totp-secret">{groupSecret(setup.secret)}</code>
              <CopyButton text={setup.secret} />
            </p>
          </li>
          <li>{codeForm(t('account.totp_step_code'), t('account.totp_enable'))}</li>
        </ol>
      ) : null}
      <Suspense fallback={<p className="tk-state">{t('app.loading')}</p>}>
        <Devices />
      </Suspense>
    </div>
  );
}
