import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SubmitDeposit } from '../../core/contract/deposits';
import type { DepositMethod } from '../../core/contract/deposits';
import { newIdempotencyKey } from '../../core/api/api-client';
import { getSession } from '../../core/session/session';
import type { EventCallbacks } from '../_shared/events';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { Tabs } from '../_shared/tabs';
import { ToastProvider, useToast } from '../_shared/toast';
import { useT } from '../_shared/use-t';
import { useEmit } from '../_shared/widget-host';
import { WidgetRoot } from '../_shared/widget-root';
import { AmountStep, BankDetails, CoinStep } from './deposit-steps';
import {
  AGREEMENT_PATH,
  afterSuccess,
  clearDraft,
  depositTabs,
  formProblem,
  initialForm,
  isUsdValued,
  metaOf,
  minimumOf,
  saveDraft,
  SERVICE_PATH,
  sessionStore,
  switchTab,
  takeDraft,
  type DepositForm,
} from './deposit.logic';
import { DEPOSIT_CSS as css } from './styles';
import { useDepositOptions } from './use-deposit-options';

/** Props of <Deposit>: the attributes of <tk-deposit> and its output callbacks. */
export interface DepositProps extends EventCallbacks<'tk-navigate'> {
  theme?: 'light' | 'dark';
}

/** Where the sign-in prompt sends the user. */
export const LOGIN_PATH = '/login?to=/user/deposit';

function Notice({
  text,
  action,
  onAction,
  part = 'notice',
}: {
  text: string;
  action?: string;
  onAction?: () => void;
  part?: string;
}) {
  return (
    <div className="tk-state tk-deposit__notice" part={part} role="status">
      <p>{text}</p>
      {action && onAction ? (
        <button
          type="button"
          className="tk-cash-btn tk-deposit__btn"
          data-variant="primary"
          onClick={onAction}
        >
          {action}
        </button>
      ) : null}
    </div>
  );
}

function DepositBody(props: DepositProps) {
  const t = useT();
  const toast = useToast();
  const platform = usePlatform();
  const emit = useEmit(props);
  const session = useMemo(() => getSession(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  const config = useAtomValue(platform.atoms.config);
  const systemConfig = useAtomValue(platform.atoms.systemConfig);
  const isOn = (name: string) =>
    systemConfig?.systemConfigs.some((c) => c.name === name && c.enable) ?? false;
  const tabs = useMemo(() => depositTabs(config?.brand.depositTypes), [config]);
  const signedIn = state.status === 'signedIn';
  const disabled = isOn('disableDeposit');
  const hideCrypto = isOn('depositHideCrypto');
  const showQr = !isOn('depositHideQRCode');
  const language = platform.i18n.language || 'en';
  const [attempt, setAttempt] = useState(0);
  const active = signedIn && !state.virtual && !disabled;
  const options = useDepositOptions(
    platform,
    active ? (state.uid ?? 'signed-in') : null,
    systemConfig?.walletType === 1,
    tabs.includes('bank'),
    attempt,
  );
  const firstCoin = options.coins[0]?.id ?? null;
  const [form, setFormState] = useState<DepositForm>(() => initialForm(tabs[0] ?? 'crypto', null));
  const [proof, setProofState] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One Idempotency-Key per submission: kept for a retry after a lost answer, dropped on any change.
  const key = useRef<string | null>(null);

  const setForm = useCallback((next: (f: DepositForm) => DepositForm) => {
    key.current = null;
    setProblem(null);
    setFormState(next);
  }, []);
  const setProof = (file: File | null) => {
    key.current = null;
    setProblem(null);
    setProofState(file);
  };

  // Back from the agreement: the form as it was (taken once; any other arrival starts afresh).
  useEffect(() => {
    const draft = takeDraft(sessionStore());
    if (draft) setFormState(draft);
  }, []);
  // The brand's tabs and the loaded coins decide what a form may hold.
  useEffect(() => {
    if (tabs.length > 0 && !tabs.includes(form.tab))
      setFormState(initialForm(tabs[0] as DepositMethod, firstCoin));
  }, [tabs, form.tab, firstCoin]);
  useEffect(() => {
    if (options.coins.length > 0 && !options.coins.some((c) => c.id === form.coinId))
      setFormState((f) => ({ ...f, coinId: firstCoin }));
  }, [options.coins, form.coinId, firstCoin]);

  if (!signedIn) {
    return (
      <Notice
        text={t('deposit.login_prompt')}
        part="signed-out"
        action={t('nav.login')}
        onAction={() => emit('tk-navigate', { to: LOGIN_PATH })}
      />
    );
  }
  if (state.virtual) return <Notice text={t('deposit.demo_unavailable')} />;
  if (disabled) {
    return (
      <Notice
        text={t('deposit.disabled')}
        action={t('nav.service')}
        onAction={() => emit('tk-navigate', { to: SERVICE_PATH })}
      />
    );
  }
  if (options.loading) return <p className="tk-state">{t('deposit.loading')}</p>;
  if (options.error) {
    return (
      <Notice text={options.error} action={t('common.retry')} onAction={() => setAttempt((n) => n + 1)} />
    );
  }

  const coin = options.coins.find((c) => c.id === form.coinId) ?? null;
  const bank = options.banks.find((b) => b.id === form.bankId) ?? null;
  const currency = form.tab === 'bank' ? (bank?.currency ?? 'USD') : (coin?.currency ?? '');
  const minimum = minimumOf(language);
  const needsBank = form.tab === 'bank' && !options.fixedUsd;

  const submit = async () => {
    const found = formProblem(form, {
      hasProof: proof !== null,
      language,
      usdValued: isUsdValued(currency),
      needsBank,
    });
    setProblem(found);
    if (found || !proof) return;
    key.current ??= newIdempotencyKey();
    setBusy(true);
    const result = await platform.api.call(
      SubmitDeposit,
      { depositProof: proof, metaData: JSON.stringify(metaOf(form, language, coin?.said ?? '')) },
      { silent: true, idempotencyKey: key.current },
    );
    setBusy(false);
    // A server answer ends this submission; a lost one (network, timeout) may be retried with the same key.
    if (result.ok || typeof result.code === 'number') key.current = null;
    if (!result.ok) return toast(result.message, 'error');
    clearDraft(sessionStore());
    setFormState(afterSuccess(form, firstCoin));
    setProofState(null);
    toast(t('msg.submit_success_please_wait'));
  };

  const amountStep = (onBack: (() => void) | null) => (
    <AmountStep
      t={t}
      currency={currency}
      minimum={minimum}
      amount={form.amount}
      proof={proof}
      agreed={form.agreed}
      busy={busy}
      problem={problem}
      onAmount={(amount) => setForm((f) => ({ ...f, amount }))}
      onProof={setProof}
      onAgreed={(agreed) => setForm((f) => ({ ...f, agreed }))}
      onAgreement={() => {
        saveDraft(sessionStore(), form);
        emit('tk-navigate', { to: AGREEMENT_PATH });
      }}
      onBack={onBack}
      onSubmit={() => void submit()}
    />
  );

  let panel;
  if (form.tab === 'crypto' && hideCrypto) {
    panel = (
      <Notice
        text={t('deposit.hide_crypto_alert')}
        {...(tabs.includes('bank')
          ? { action: t('user.bank'), onAction: () => setForm((f) => switchTab(f, 'bank', firstCoin)) }
          : {})}
      />
    );
  } else if (form.tab === 'crypto' && form.step === 1) {
    panel = (
      <CoinStep
        t={t}
        coins={options.coins}
        coinId={form.coinId}
        showQr={showQr}
        onCoin={(coinId) => setForm((f) => ({ ...f, coinId }))}
        onNext={() => setForm((f) => ({ ...f, step: 2 }))}
      />
    );
  } else if (form.tab === 'crypto') {
    panel = amountStep(() => setForm((f) => ({ ...f, step: 1 })));
  } else {
    panel = (
      <>
        <BankDetails
          t={t}
          banks={options.banks}
          bankId={form.bankId}
          fixedUsd={options.fixedUsd}
          onBank={(bankId) => setForm((f) => ({ ...f, bankId }))}
        />
        {amountStep(null)}
      </>
    );
  }

  return (
    <>
      <header className="tk-deposit__head" part="header">
        <h2 className="tk-deposit__heading">{t('deposit.title')}</h2>
      </header>
      {tabs.length > 1 ? (
        <Tabs
          items={tabs.map((id) => ({ id, label: t(`user.${id}`) }))}
          value={form.tab}
          onChange={(tab) => setForm((f) => switchTab(f, tab, firstCoin))}
          label={t('deposit.title')}
          idPrefix="tk-deposit"
          panelId="tk-deposit-panel"
        />
      ) : null}
      <div
        id="tk-deposit-panel"
        className="tk-deposit__panel"
        part="panel"
        role={tabs.length > 1 ? 'tabpanel' : undefined}
        aria-labelledby={tabs.length > 1 ? `tk-deposit-tab-${form.tab}` : undefined}
        data-tab={form.tab}
      >
        {panel}
      </div>
    </>
  );
}

/**
 * The deposit page of spec §2/§4: tabs of the brand's deposit types; crypto in two steps (coin/network with
 * address, QR and copy; then amount, proof image and agreement), bank/wire with the brand's accounts or the
 * fixed USD currency; the form is kept while the user reads the agreement.
 */
export function Deposit(props: DepositProps) {
  return (
    <WidgetRoot name="deposit" css={css} theme={props.theme}>
      <ToastProvider>
        <div className="tk-deposit" part="base">
          <DepositBody {...props} />
        </div>
      </ToastProvider>
    </WidgetRoot>
  );
}
