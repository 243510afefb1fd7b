/**
 * The user block of the desktop top bar (spec §2): nickname and uid, and a balance popover (total = balance
 * + locked margin, available = balance) with links to the account dialog; Log in / Sign up without a session.
 */
import { useEffect, useId, useState } from 'react';
import { useT } from '../../widgets/_shared/use-t';
import { balanceFigures } from '../../widgets/account';
import { navigate } from '../routing/history';
import { pathOf } from '../routing/routes';
import { Link } from '../routing/link';
import { useHostBalance, useHostSession, useHostUser } from '../session/use-host-session';
import { Dialog } from '../ui/dialog';
import { ChevronDownIcon } from '../ui/icons';
import { showNotice } from '../ui/notice';
import { HostAvatar } from './host-avatar';
import { usePopover } from './use-popover';
import './user-block.css';

/** The block: sign-in links, or the user button with its popover. */
export function UserBlock() {
  const t = useT();
  const { session, state } = useHostSession();
  const user = useHostUser();
  const balance = useHostBalance();
  const [open, setOpen, root] = usePopover<HTMLDivElement>();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const popoverId = useId();

  useEffect(() => {
    if (open) void session.refreshBalance();
  }, [open, session]);

  if (state.status !== 'signedIn') {
    return (
      <div className="host-user" data-testid="user-block">
        <Link className="host-btn host-user__login" to="/login">
          {t('nav.login')}
        </Link>
        <Link className="host-btn host-btn--primary host-user__login" to="/register">
          {t('nav.register')}
        </Link>
      </div>
    );
  }

  const figures = balanceFigures(balance);
  const refresh = async () => {
    setRefreshing(true);
    await session.refreshBalance();
    setRefreshing(false);
  };
  const go = (to: string) => {
    setOpen(false);
    navigate(to);
  };
  const logout = async () => {
    setConfirmLogout(false);
    await session.logout();
    showNotice('msg.log_out_success');
    navigate('/');
  };

  return (
    <div className="host-user" ref={root} data-testid="user-block">
      <button
        type="button"
        className="host-user__button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={popoverId}
        aria-label={t('account.user_menu')}
        data-testid="user-button"
        onClick={() => setOpen(!open)}
      >
        <HostAvatar src={user?.avatar ?? null} name={user?.nickname ?? ''} token={session.getToken()} />
        <span className="host-user__names">
          <span className="host-user__nickname" data-testid="user-nickname">
            {user?.nickname ?? ''}
          </span>
          <span className="host-user__uid">
            {t('account.uid')} <span className="host-num">{user?.uid ?? state.uid ?? ''}</span>
          </span>
        </span>
        <ChevronDownIcon size={14} />
      </button>
      {open ? (
        <div id={popoverId} className="host-user__popover" role="dialog" aria-label={t('account.user_menu')}>
          <p className="host-user__popover-name">
            <span>{user?.nickname ?? ''}</span>
            <span className="host-user__uid">
              {t('account.uid')} <span className="host-num">{user?.uid ?? state.uid ?? ''}</span>
            </span>
          </p>
          <div className="host-user__figure">
            <span>{t('account.total_balance')} (USD)</span>
            <strong className="host-num" data-testid="user-total">
              {figures.total}
            </strong>
          </div>
          <div className="host-user__figure">
            <span>{t('account.available_balance')}</span>
            <strong className="host-num" data-testid="user-available">
              {figures.available}
            </strong>
          </div>
          <button type="button" className="host-user__item" disabled={refreshing} onClick={refresh}>
            {t('account.refresh_balance')}
          </button>
          <button
            type="button"
            className="host-user__item"
            data-testid="user-account"
            onClick={() => go(pathOf('account'))}
          >
            {t('account.my_account')}
          </button>
          <button
            type="button"
            className="host-user__item"
            data-testid="user-security"
            onClick={() => go(pathOf('security'))}
          >
            {t('account.security')}
          </button>
          <button
            type="button"
            className="host-user__item host-user__item--danger"
            data-testid="user-logout"
            onClick={() => {
              setOpen(false);
              setConfirmLogout(true);
            }}
          >
            {t('account.log_out')}
          </button>
        </div>
      ) : null}
      {confirmLogout ? (
        <Dialog
          title={t('account.log_out')}
          onClose={() => setConfirmLogout(false)}
          actions={
            <>
              <button
                type="button"
                className="host-btn"
                data-autofocus
                onClick={() => setConfirmLogout(false)}
              >
                {t('common.cancel')}
              </button>
              <button
                type="button"
                className="host-btn host-btn--primary"
                data-testid="logout-confirm"
                onClick={logout}
              >
                {t('account.log_out')}
              </button>
            </>
          }
        >
          <p className="host-dialog__message">{t('account.log_out_confirm')}</p>
        </Dialog>
      ) : null}
    </div>
  );
}
