import { useEffect, useState } from 'react';
import type { CallResult } from '../../core/runtime/types';
import { BALANCE_CARD_ACTIONS, balanceFigures, CASHIER_PATHS } from './account.logic';
import { useAccount } from './account-context';
import { Icon } from './icons';
import { ConfirmSheet } from './sheet';
import { useToast } from '../_shared/toast';

/** Shows the failure of a session command, or `success` when it worked (commands may return nothing). */
export function reportResult(
  result: CallResult<unknown> | void,
  toast: (text: string, tone?: 'info' | 'error') => void,
  success: string,
): boolean {
  if (result && !result.ok) {
    toast(result.message, 'error');
    return false;
  }
  toast(success);
  return true;
}

/**
 * The balance card of the user menu (spec §2): total = balance + locked margin, available = balance, a
 * refresh button, the deposit and withdraw buttons on the real account (those the page has: `cashier`), and
 * reset-demo on the demo account.
 */
export function BalanceCard() {
  const { t, session, state, balance, cashier, navigate } = useAccount();
  const toast = useToast();
  const [refreshing, setRefreshing] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const [resetting, setResetting] = useState(false);
  const figures = balanceFigures(balance);
  const buttons = cashier.filter((action) => BALANCE_CARD_ACTIONS.includes(action));
  useEffect(() => {
    void session.refreshBalance();
  }, [session, state.virtual]);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await session.refreshBalance();
    } finally {
      setRefreshing(false);
    }
  };
  const reset = async () => {
    setResetting(true);
    const result = await session.resetDemo();
    setResetting(false);
    setConfirmReset(false);
    if (reportResult(result, toast, t('msg.operation_success'))) void session.refreshBalance();
  };

  return (
    <section className="tk-account__balance" part="balance" aria-label={t('account.total_balance')}>
      <div className="tk-account__balance-head">
        <span className="tk-account__balance-label">{t('account.total_balance')} (USD)</span>
        <span className="tk-account__badge" data-virtual={state.virtual || undefined}>
          {t(state.virtual ? 'desktop.demo' : 'desktop.real')}
        </span>
        <button
          type="button"
          className="tk-account__icon-btn tk-account__refresh"
          aria-label={t('account.refresh_balance')}
          title={t('account.refresh_balance')}
          aria-busy={refreshing || undefined}
          disabled={refreshing}
          onClick={refresh}
        >
          <Icon name="refresh" size={18} />
        </button>
      </div>
      <p className="tk-account__balance-total tk-num" data-testid="balance-total">
        {figures.total}
      </p>
      <p className="tk-account__balance-available">
        {t('account.available_balance')} <span className="tk-num">{figures.available}</span>
      </p>
      {state.virtual ? (
        <div className="tk-account__balance-actions">
          <button
            type="button"
            className="tk-account__btn"
            data-variant="on-accent"
            onClick={() => setConfirmReset(true)}
          >
            {t('account.reset_demo')}
          </button>
        </div>
      ) : buttons.length > 0 ? (
        <div className="tk-account__balance-actions" part="cashier">
          {buttons.map((action) => (
            <button
              key={action}
              type="button"
              className="tk-account__btn"
              data-variant="on-accent"
              data-testid={`balance-${action}`}
              onClick={() => navigate(CASHIER_PATHS[action])}
            >
              {t(action === 'deposit' ? 'account.deposit' : 'account.withdraw')}
            </button>
          ))}
        </div>
      ) : null}
      {confirmReset ? (
        <ConfirmSheet
          part="reset-drawer"
          title={t('account.reset_demo')}
          message={t('account.reset_demo_confirm')}
          confirmLabel={t('account.reset_demo')}
          cancelLabel={t('common.cancel')}
          busy={resetting}
          onConfirm={reset}
          onClose={() => setConfirmReset(false)}
        />
      ) : null}
    </section>
  );
}
