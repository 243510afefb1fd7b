import { useMemo } from 'react';
import { getNotificationUnread } from '../../core/state/notifications';
import { useAtomValue } from '../_shared/store-react';
import { CASHIER_PATHS, isConfigOn, VIEW_PATHS } from './account.logic';
import { useAccount } from './account-context';
import { Avatar } from './avatar';
import { BalanceCard } from './balance-card';
import { CopyButton } from './copy-button';
import { LanguageSheet, ThemeSheet } from './preference-sheets';
import { Row, Section } from './parts';
import { ConfirmSheet } from './sheet';
import { STANDARDS_FLAG } from './standards';
import { useUserMenu } from './use-user-menu';
import { VerificationRows } from './verification-rows';

/** Where the Notification row goes (spec §2 route table). */
export const NOTIFICATION_PATH = '/user/notification';
/** The customer-service page (spec §2 user menu: customer service). */
export const SERVICE_PATH = '/user/service';

/** The unread count of the Notification row (spec §2 "notification with unread badge"); nothing at 0. */
function UnreadCount({ label }: { label: (n: number) => string }) {
  const { platform } = useAccount();
  const unread = useAtomValue(useMemo(() => getNotificationUnread(platform), [platform]).count);
  if (!unread) return null;
  return (
    <span
      className="tk-account__unread"
      part="unread"
      data-testid="menu-notification-unread"
      aria-label={label(unread)}
    >
      {unread > 99 ? '99+' : unread}
    </span>
  );
}

/** The avatar, nickname and uid at the top of the menu. */
function ProfileHeader() {
  const { t, user, session } = useAccount();
  if (!user) return null;
  return (
    <header className="tk-account__profile" part="profile">
      <Avatar src={user.avatar} name={user.nickname} token={session.getToken()} size={56} />
      <div className="tk-account__profile-text">
        <p className="tk-account__nickname" data-testid="nickname">
          {user.nickname}
        </p>
        <p className="tk-account__uid">
          {t('account.uid')}{' '}
          <span className="tk-num" data-testid="uid">
            {user.uid}
          </span>
        </p>
      </div>
    </header>
  );
}

/** The user menu page of spec §2: profile, balance, General and Settings sections, version line. */
export function UserMenu() {
  const ctx = useAccount();
  const { t, user, state, config, systemConfig, navigate, theme, colorSchemes, setPreference, cashier } = ctx;
  const { drawer, setDrawer, switching, switchAccount } = useUserMenu();
  if (!user) return null;
  const canSwitch = isConfigOn(systemConfig, 'VIRTUAL_CURRENCY_TRADE');
  const email = config.support.email;
  const dark = theme === 'dark';

  return (
    <div className="tk-account__page" data-view="menu">
      <ProfileHeader />
      <BalanceCard />
      <Section title={t('account.general')}>
        <Row
          icon="user"
          label={t('account.my_account')}
          onClick={() => navigate(VIEW_PATHS.account)}
          testId="menu-account"
        />
        {cashier.includes('myWallet') && !state.virtual && isConfigOn(systemConfig, 'user/myWallet') ? (
          <Row
            icon="wallet"
            label={t('account.my_wallet')}
            onClick={() => navigate(CASHIER_PATHS.myWallet)}
            testId="menu-my-wallet"
          />
        ) : null}
        <VerificationRows />
        {cashier.includes('wallet') && !state.virtual ? (
          <Row
            icon="wallet"
            label={t('account.wallet')}
            onClick={() => navigate(CASHIER_PATHS.wallet)}
            testId="menu-wallet"
          />
        ) : null}
        {cashier.includes('loan') && !state.virtual && isConfigOn(systemConfig, 'user/loan') ? (
          <Row
            icon="doc"
            label={t('account.loan')}
            onClick={() => navigate(CASHIER_PATHS.loan)}
            testId="menu-loan"
          />
        ) : null}
        <Row
          icon="shield"
          label={t('account.security')}
          value={t(user.totpEnabled ? 'account.on' : 'account.off')}
          onClick={() => navigate(VIEW_PATHS.security)}
          testId="menu-security"
        />
        <Row
          icon="gift"
          label={t('account.invite_code')}
          value={user.inviteCode}
          onClick={() => navigate(VIEW_PATHS.invite)}
          trailing={<CopyButton text={user.inviteCode} />}
          testId="menu-invite"
        />
        {isConfigOn(systemConfig, STANDARDS_FLAG) ? (
          <Row
            icon="doc"
            label={t('account.standards.menu')}
            onClick={() => navigate(VIEW_PATHS.standards)}
            testId="menu-standards"
          />
        ) : null}
        <Row
          icon="bell"
          label={t('account.notification')}
          value={<UnreadCount label={(n) => t('account.unread_count', { n })} />}
          onClick={() => navigate(NOTIFICATION_PATH)}
          testId="menu-notification"
        />
        <Row
          icon="headset"
          label={t('nav.service')}
          onClick={() => navigate(SERVICE_PATH)}
          testId="menu-service"
        />
        {email ? (
          <Row
            icon="mail"
            label={t('account.contact_email')}
            value={email}
            trailing={<CopyButton text={email} />}
          />
        ) : null}
      </Section>
      <Section title={t('account.settings')}>
        {config.brand.languages.length > 1 ? (
          <Row
            icon="globe"
            label={t('desktop.language')}
            value={t(`lang.${ctx.platform.i18n.language}`)}
            onClick={() => setDrawer('language')}
          />
        ) : null}
        {colorSchemes.length > 1 ? (
          <Row icon="palette" label={t('desktop.theme_colors')} onClick={() => setDrawer('theme')} />
        ) : null}
        <Row
          icon="moon"
          label={t('theme.dark')}
          trailing={
            <button
              type="button"
              role="switch"
              className="tk-account__switch"
              aria-checked={dark}
              aria-label={t('theme.dark')}
              onClick={() => setPreference({ theme: dark ? 'light' : 'dark' })}
            />
          }
        />
        {canSwitch ? (
          <Row
            icon="swap"
            label={t(state.virtual ? 'account.switch_to_real' : 'account.switch_to_demo')}
            onClick={() => setDrawer('switch')}
            testId="menu-switch"
          />
        ) : null}
      </Section>
      <p className="tk-account__version">{t('app.version', { version: config.version })}</p>
      {drawer === 'language' ? <LanguageSheet onClose={() => setDrawer(null)} /> : null}
      {drawer === 'theme' ? <ThemeSheet onClose={() => setDrawer(null)} /> : null}
      {drawer === 'switch' ? (
        <ConfirmSheet
          part="switch-drawer"
          title={t(state.virtual ? 'account.switch_to_real' : 'account.switch_to_demo')}
          message={t(state.virtual ? 'account.switch_to_real_warning' : 'account.switch_to_demo_warning')}
          confirmLabel={t('common.ok')}
          cancelLabel={t('common.cancel')}
          busy={switching}
          onConfirm={switchAccount}
          onClose={() => setDrawer(null)}
        />
      ) : null}
    </div>
  );
}
