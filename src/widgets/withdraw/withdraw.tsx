import { useState } from 'react';
import { ModalDrawer } from '../_shared/drawer';
import type { EventCallbacks } from '../_shared/events';
import { Tabs } from '../_shared/tabs';
import { ToastProvider } from '../_shared/toast';
import { useT } from '../_shared/use-t';
import { SignedOut } from '../_shared/signed-out';
import { WidgetRoot } from '../_shared/widget-root';
import { useWithdraw, type WithdrawModel } from './use-withdraw';
import { WithdrawFields } from './withdraw-fields';
import { WITHDRAW_PATHS, type WithdrawTab } from './withdraw.logic';
import { WITHDRAW_CSS as css } from './styles';

/** Props of <Withdraw>: the attributes of <tk-withdraw> and its output callbacks. */
export interface WithdrawProps extends EventCallbacks<'tk-navigate'> {
  theme?: 'light' | 'dark';
}

export { WITHDRAW_PATHS } from './withdraw.logic';

/** The drawer listing the coins (crypto) or the bank cards to choose from. */
function ChoiceDrawer({ model, onClose }: { model: WithdrawModel; onClose: () => void }) {
  const t = useT();
  const { tab, coins, cards, form, dispatch } = model;
  const options =
    tab === 'crypto'
      ? coins.map((c) => ({ id: String(c.id), label: `${c.currency} (${c.protocol})` }))
      : cards.map((c) => ({ id: c.id, label: `${c.bankName} ****${c.last4}` }));
  return (
    <ModalDrawer
      title={t(tab === 'crypto' ? 'withdraw.choose_coin' : 'withdraw.choose_card')}
      onClose={onClose}
      block="tk-wd"
      part="drawer"
      closeLabel={t('withdraw.close')}
    >
      <ul className="tk-wd__options" part="options">
        {options.map((option) => (
          <li key={option.id}>
            <button
              type="button"
              className="tk-wd__option"
              data-selected={option.id === form.selection || undefined}
              onClick={() => {
                dispatch({ type: 'select', id: option.id });
                onClose();
              }}
            >
              {option.label}
            </button>
          </li>
        ))}
      </ul>
    </ModalDrawer>
  );
}

/** The offered tabs (when more than one) and the panel of the current one. */
function WithdrawPanel({ model, openChoice }: { model: WithdrawModel; openChoice: () => void }) {
  const t = useT();
  const { tabs, tab } = model;
  const tabLabel = (id: WithdrawTab) => t(id === 'crypto' ? 'withdraw.tab_crypto' : 'withdraw.tab_bank_card');
  const panelId = 'tk-wd-panel';
  const emptyBank = tab === 'bank_card' && model.cards.length === 0;
  return (
    <>
      {tabs.length > 1 ? (
        <Tabs
          items={tabs.map((id) => ({ id, label: tabLabel(id) }))}
          value={tab}
          onChange={(id) => model.dispatch({ type: 'tab', tab: id })}
          label={t('withdraw.method')}
          idPrefix="tk-wd-tab"
          panelId={panelId}
        />
      ) : null}
      <div className="tk-wd__form" part="form" id={panelId}>
        {tab === 'bank_card' && model.metaMissing ? (
          <p className="tk-wd__error" role="alert">
            {t('withdraw.bank_meta_missing')}
          </p>
        ) : null}
        {emptyBank ? (
          <div className="tk-wd__empty" part="empty">
            <p>{t('withdraw.no_bank_card')}</p>
            <button
              type="button"
              className="tk-cash-btn tk-wd__btn"
              onClick={() => model.navigate(WITHDRAW_PATHS.addBankCard)}
            >
              {t('withdraw.add_bank_card')}
            </button>
          </div>
        ) : (
          <WithdrawFields model={model} openChoice={openChoice} />
        )}
      </div>
    </>
  );
}

function WithdrawBody(props: WithdrawProps) {
  const t = useT();
  const model = useWithdraw(props);
  const [drawer, setDrawer] = useState(false);

  if (model.demo) {
    return (
      <p className="tk-state" part="empty">
        {t('withdraw.demo_unavailable')}
      </p>
    );
  }

  if (!model.signedIn) {
    return (
      <SignedOut
        text={t('withdraw.login_prompt')}
        t={t}
        buttonClass="tk-cash-btn tk-wd__btn"
        onLogin={() => model.navigate(WITHDRAW_PATHS.login)}
      />
    );
  }

  return (
    <>
      <header className="tk-wd__head" part="header">
        <h2 className="tk-wd__heading">{t('withdraw.title')}</h2>
      </header>
      {model.stop ? (
        <p className="tk-wd__stop" part="status" role="alert">
          {model.stop}
        </p>
      ) : null}
      {model.stop && model.stopAction ? (
        <button
          type="button"
          className="tk-cash-btn tk-wd__btn tk-wd__stop-action"
          data-variant="primary"
          part="status-action"
          data-testid="withdraw-stop-action"
          onClick={() => model.navigate(model.stopAction?.to ?? '/')}
        >
          {t(model.stopAction.label)}
        </button>
      ) : null}
      {model.tabs.length === 0 ? (
        <p className="tk-state" part="empty">
          {t('withdraw.unavailable')}
        </p>
      ) : (
        <WithdrawPanel model={model} openChoice={() => setDrawer(true)} />
      )}
      {drawer ? <ChoiceDrawer model={model} onClose={() => setDrawer(false)} /> : null}
    </>
  );
}

/**
 * The withdraw page of spec §2/§4/§5: status check first, crypto and bank-card tabs by brand flags, fee
 * quote re-asked every second, one idempotency key per submission.
 */
export function Withdraw(props: WithdrawProps) {
  return (
    <WidgetRoot name="withdraw" css={css} theme={props.theme}>
      <ToastProvider>
        <div className="tk-wd" part="base">
          <WithdrawBody {...props} />
        </div>
      </ToastProvider>
    </WidgetRoot>
  );
}
