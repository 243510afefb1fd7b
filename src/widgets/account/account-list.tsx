import { canBindEmail, isConfigOn, VIEW_PATHS } from './account.logic';
import { useAccount } from './account-context';
import { CopyButton } from './copy-button';
import { Row, Section } from './parts';

/**
 * The list of the Account page (spec §2): bind email (phone-registered users, when the brand allows),
 * change password, second factor, invite code copy, privacy (when configured) and the service e-mail.
 */
export function AccountList() {
  const { t, user, config, systemConfig, navigate } = useAccount();
  if (!user) return null;
  const email = config.support.email;
  return (
    <Section label={t('account.my_account')}>
      {canBindEmail(user, systemConfig) ? (
        <Row
          icon="mail"
          label={t('account.bind_email')}
          value={user.email ?? ''}
          onClick={() => navigate(VIEW_PATHS.bindEmail)}
          testId="account-bind-email"
        />
      ) : null}
      <Row
        icon="lock"
        label={t('account.change_password')}
        onClick={() => navigate(VIEW_PATHS.changePassword)}
        testId="account-change-password"
      />
      <Row
        icon="shield"
        label={t('account.security')}
        value={t(user.totpEnabled ? 'account.on' : 'account.off')}
        onClick={() => navigate(VIEW_PATHS.security)}
        testId="account-security"
      />
      <Row
        icon="gift"
        label={t('account.invite_code')}
        value={user.inviteCode}
        onClick={() => navigate(VIEW_PATHS.invite)}
        trailing={<CopyButton text={user.inviteCode} />}
        testId="account-invite"
      />
      {isConfigOn(systemConfig, 'user/privacy') ? (
        <Row
          icon="doc"
          label={t('account.privacy')}
          onClick={() => navigate(VIEW_PATHS.privacy)}
          testId="account-privacy"
        />
      ) : null}
      {email ? (
        <Row
          icon="mail"
          label={t('account.contact_email')}
          value={email}
          trailing={<CopyButton text={email} />}
        />
      ) : null}
    </Section>
  );
}
