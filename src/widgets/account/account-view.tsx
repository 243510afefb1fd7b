import { useEffect, useId, useState } from 'react';
import { LIMITS, nicknameError, VIEW_PATHS } from './account.logic';
import { submitProfile } from './account-api';
import { useAccount } from './account-context';
import { Avatar } from './avatar';
import { AvatarPicker } from './avatar-picker';
import { AccountList } from './account-list';
import { Icon } from './icons';
import { Field, PageHeader } from './parts';
import { ConfirmSheet } from './sheet';
import { useToast } from '../_shared/toast';

/** A picked avatar with its preview URL (revoked when replaced or unmounted). */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** The Account page of spec §2: avatar, nickname, Done, the account list and Log out. */
export function AccountView() {
  const ctx = useAccount();
  const { t, user, session, platform, navigate, back } = ctx;
  const toast = useToast();
  const id = useId();
  const [nickname, setNickname] = useState(user?.nickname ?? '');
  const [touched, setTouched] = useState(false);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [picking, setPicking] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const preview = usePreview(avatar);
  if (!user) return null;
  const error = touched ? nicknameError(nickname) : null;

  const save = async () => {
    setTouched(true);
    if (nicknameError(nickname)) return;
    // The server keeps an avatar once set; the first save needs one (23553 otherwise).
    if (!avatar && !user.avatar) return toast(t('account.avatar_required'), 'error');
    setSaving(true);
    await session.refresh();
    const result = await submitProfile(platform, { nickname, avatar, locale: platform.i18n.language });
    setSaving(false);
    if (!result.ok) return toast(result.message, 'error');
    toast(t('msg.update_success'));
    setAvatar(null);
    await session.refreshUser();
  };

  const logout = async () => {
    await session.logout();
    toast(t('msg.log_out_success'));
    ctx.emitLogout();
    navigate('/');
  };

  return (
    <div className="tk-account__page" data-view="account">
      <PageHeader
        title={t('account.my_account')}
        backLabel={t('common.back')}
        onBack={back ? () => navigate(VIEW_PATHS.menu) : undefined}
      />
      <div className="tk-account__avatar-edit">
        <button
          type="button"
          className="tk-account__avatar-btn"
          aria-label={t('account.change_avatar')}
          aria-busy={preparing || undefined}
          onClick={() => setPicking(true)}
          data-testid="avatar-button"
        >
          <Avatar
            src={preview ?? user.avatar}
            name={nickname || user.nickname}
            token={session.getToken()}
            size={88}
          />
          <span className="tk-account__avatar-badge">
            <Icon name="camera" size={16} />
          </span>
        </button>
        <p className="tk-account__uid">
          {t('account.uid')} <span className="tk-num">{user.uid}</span>
        </p>
      </div>
      <form
        className="tk-account__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field id={`${id}-nick`} label={t('account.nickname')} error={error ? t(error) : null}>
          <input
            id={`${id}-nick`}
            className="tk-account__input"
            value={nickname}
            maxLength={LIMITS.nickname}
            autoComplete="nickname"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-nick-error` : undefined}
            placeholder={t('form.p_t_nickname')}
            onChange={(e) => setNickname(e.target.value)}
            onBlur={() => setTouched(true)}
          />
        </Field>
        <button
          type="submit"
          className="tk-account__btn"
          data-variant="primary"
          disabled={saving || preparing}
          aria-busy={saving || undefined}
        >
          {t('account.done')}
        </button>
      </form>
      <AccountList />
      <button
        type="button"
        className="tk-account__btn tk-account__logout"
        data-variant="danger-outline"
        onClick={() => setConfirmLogout(true)}
        data-testid="logout"
      >
        <Icon name="logout" size={18} /> {t('account.log_out')}
      </button>
      {picking ? (
        <AvatarPicker onPicked={setAvatar} onBusy={setPreparing} onClose={() => setPicking(false)} />
      ) : null}
      {confirmLogout ? (
        <ConfirmSheet
          part="logout-drawer"
          danger
          title={t('account.log_out')}
          message={t('account.log_out_confirm')}
          confirmLabel={t('account.log_out')}
          cancelLabel={t('common.cancel')}
          onConfirm={logout}
          onClose={() => setConfirmLogout(false)}
        />
      ) : null}
    </div>
  );
}
