import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import {
  BankWithdrawCalculate,
  BankWithdrawMetaFind,
  WithdrawCalculate,
  WithdrawStatus,
  WithdrawSubmit,
  BANK_WITHDRAW_TYPE,
  type BankWithdrawMeta,
  type WithdrawQuoteData,
} from '../../core/contract/withdrawals';
import { CoinList, type CoinOption } from '../../core/contract/coins';
import { BankCardList, CryptoAddressList } from '../../core/contract/payees';
import { newIdempotencyKey } from '../../core/api/api-client';
import { loadCodec } from '../../core/codec/load';
import { formatAmount } from '../../core/domain/format';
import { getSession } from '../../core/session/session';
import { ModalDrawer } from '../_shared/drawer';
import type { EventCallbacks } from '../_shared/events';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { Tabs } from '../_shared/tabs';
import { ToastProvider, useToast } from '../_shared/toast';
import { useT } from '../_shared/use-t';
import { useEmit } from '../_shared/widget-host';
import { SignedOut } from '../_shared/signed-out';
import { WidgetRoot } from '../_shared/widget-root';
import {
  amountMessage,
  canSubmit,
  formProblem,
  formReducer,
  initialForm,
  plain,
  quotable,
  rangeText,
  REQUOTE_MS,
  STATUS_STOP_CODES,
  withdrawTabs,
  type Limits,
  type WithdrawTab,
} from './withdraw.logic';
import { WITHDRAW_CSS as css } from './styles';

/** Props of <Withdraw>: the attributes of <tk-withdraw> and its output callbacks. */
export interface WithdrawProps extends EventCallbacks<'tk-navigate'> {
  theme?: 'light' | 'dark';
}

/** Where the widget sends the user (host paths of spec §2). */
export const WITHDRAW_PATHS = {
  login: '/login?to=/user/withdraw',
  addCrypto: '/user/wallet/addCrypto',
  addBankCard: '/user/wallet/addBankCard',
  records: '/user/wallet/depositList',
} as const;

interface Card {
  id: string;
  bankName: string;
  last4: string;
}

interface SavedAddress {
  currencyId: number;
  address: string;
}

/** A decoder of the session's encoded fields ('' for a value that does not decode). */
async function decoder(key: string | null): Promise<(value: string) => string> {
  const codec = await loadCodec().catch(() => null);
  return (value) => {
    try {
      return codec ? codec.decodeField(value, key) : '';
    } catch {
      return '';
    }
  };
}

/** The last 4 characters of a decoded account ('' when it does not decode). */
const last4 = (text: string) => text.replace(/\s/g, '').slice(-4);

function WithdrawBody(props: WithdrawProps) {
  const t = useT();
  const platform = usePlatform();
  const emit = useEmit(props);
  const toast = useToast();
  const session = useMemo(() => getSession(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  const system = useAtomValue(platform.atoms.systemConfig);
  const language = useAtomValue(platform.atoms.language);
  // Spec §6: the demo account offers no withdrawal; nothing is asked of the server.
  const demo = state.status === 'signedIn' && state.virtual;
  const signedIn = state.status === 'signedIn' && !demo;
  const tabs = useMemo(() => withdrawTabs(system?.systemConfigs), [system]);
  const [form, dispatch] = useReducer(formReducer, initialForm(tabs[0] ?? 'crypto'));
  const tab: WithdrawTab = tabs.includes(form.tab) ? form.tab : (tabs[0] ?? 'crypto');

  const [stop, setStop] = useState<string | null>(null);
  const [coins, setCoins] = useState<CoinOption[]>([]);
  const [saved, setSaved] = useState<SavedAddress[]>([]);
  const [cards, setCards] = useState<Card[]>([]);
  const [meta, setMeta] = useState<BankWithdrawMeta | null>(null);
  const [metaMissing, setMetaMissing] = useState(false);
  const [typedAddress, setTypedAddress] = useState('');
  const [quote, setQuote] = useState<WithdrawQuoteData | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [drawer, setDrawer] = useState(false);
  const [busy, setBusy] = useState(false);
  const submissionKey = useRef<string | null>(null);

  // The status check first (spec §4), then the lists the form chooses from.
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void (async () => {
      const status = await platform.api.call(WithdrawStatus, {}, { silent: true });
      if (!live) return;
      if (!status.ok && typeof status.code === 'number') {
        dispatch({ type: 'status', code: status.code });
        if ((STATUS_STOP_CODES as readonly number[]).includes(status.code)) setStop(status.message);
      }
      const [coinList, wallets] = await Promise.all([
        platform.api.call(CoinList, {}, { silent: true }),
        platform.api.call(CryptoAddressList, { pageNum: 1, pageSize: 1000 }, { silent: true }),
      ]);
      const decode = await decoder(session.aesKey());
      if (!live) return;
      if (coinList.ok) setCoins(coinList.data.dtoList);
      if (wallets.ok)
        setSaved(
          wallets.data.list
            .map((w) => ({ currencyId: w.currencyId, address: decode(w.cryptocurrencyAddress) }))
            .filter((w) => w.address !== ''),
        );
    })();
    return () => {
      live = false;
    };
  }, [signedIn, platform, session]);

  // The bank cards and the bank withdrawal limits, once the brand offers bank cards.
  const bankOffered = tabs.includes('bank_card');
  useEffect(() => {
    if (!signedIn || !bankOffered) return;
    let live = true;
    void (async () => {
      const [bank, bankMeta] = await Promise.all([
        platform.api.call(BankCardList, {}, { silent: true }),
        platform.api.call(BankWithdrawMetaFind, {}, { silent: true }),
      ]);
      const decode = await decoder(session.aesKey());
      if (!live) return;
      if (bank.ok)
        setCards(
          bank.data.list.map((c) => ({
            id: String(c.id),
            bankName: c.bankName,
            last4: last4(decode(c.account)),
          })),
        );
      if (bankMeta.ok) setMeta(bankMeta.data.dto);
      else setMetaMissing(true);
    })();
    return () => {
      live = false;
    };
  }, [signedIn, bankOffered, platform, session]);

  const coin = tab === 'crypto' ? (coins.find((c) => String(c.id) === form.selection) ?? null) : null;
  const card = tab === 'bank_card' ? (cards.find((c) => c.id === form.selection) ?? null) : null;
  const savedAddress = coin ? (saved.find((s) => s.currencyId === coin.id)?.address ?? null) : null;
  const limits: Limits | null = useMemo(() => {
    const usdPrice = quote?.usdPrice ?? '1';
    if (coin)
      return {
        min: plain(coin.minWithdrawAmount),
        max: plain(coin.maxWithdrawAmount),
        usdPrice,
        unit: coin.currency,
      };
    if (card && meta)
      return {
        min: plain(meta.minWithdrawAmount),
        max: plain(meta.maxWithdrawAmount),
        usdPrice,
        unit: 'USD',
      };
    return null;
  }, [coin, card, meta, quote]);

  // Spec §4: a valid in-range amount is quoted at once and re-quoted every second while it stands.
  const amount = form.amount;
  const coinId = coin?.id ?? null;
  const metaId = card && meta ? meta.id : null;
  const canQuote = quotable(amount, limits);
  useEffect(() => {
    setQuote(null);
    setServerError(null);
    if (!canQuote || (coinId === null && metaId === null)) return;
    let live = true;
    const ask = async () => {
      const answer =
        coinId !== null
          ? await platform.api.call(WithdrawCalculate, { currencyId: coinId, num: amount }, { silent: true })
          : await platform.api.call(
              BankWithdrawCalculate,
              { currencyId: metaId as number, num: amount },
              { silent: true },
            );
      if (!live) return;
      if (answer.ok) setQuote(answer.data);
      else {
        // 'Not support feeType [x]' (the server's own text) clears the calculation (spec §8).
        setQuote(null);
        const own = answer.envelope?.msg ?? '';
        setServerError(own.startsWith('Not support feeType') ? own : answer.message);
      }
    };
    void ask();
    const timer = setInterval(() => void ask(), REQUOTE_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [canQuote, amount, coinId, metaId, platform]);

  // A changed form is a new submission (a new idempotency key).
  useEffect(() => {
    submissionKey.current = null;
  }, [tab, form.selection, amount, typedAddress]);

  const problem = limits && amount !== '' && !form.skipChecks ? formProblem(amount, limits, quote) : null;
  const message = limits ? amountMessage(problem, limits) : null;
  const address = savedAddress ?? typedAddress.trim();
  const ready =
    canSubmit({ ...form, tab }, limits, quote) &&
    (tab === 'bank_card' || address !== '') &&
    !busy &&
    stop === null;

  const submit = useCallback(async () => {
    if (!ready) return;
    dispatch({ type: 'submitting' });
    setBusy(true);
    setServerError(null);
    submissionKey.current ??= newIdempotencyKey();
    const practicalNum = quote?.practical ?? '0';
    let answer;
    if (tab === 'crypto' && coin) {
      const codec = await loadCodec();
      const paymentAddress = codec.encodeField(address, session.aesKey());
      answer = await platform.api.call(
        WithdrawSubmit,
        { num: amount, practicalNum, currencyId: coin.id, paymentAddress, locale: language },
        { idempotencyKey: submissionKey.current, silent: true },
      );
    } else {
      answer = await platform.api.call(
        WithdrawSubmit,
        {
          num: amount,
          practicalNum,
          userBankId: form.selection ?? '',
          withdrawType: BANK_WITHDRAW_TYPE,
          ...(meta ? { currencyId: meta.id } : {}),
          locale: language,
        },
        { idempotencyKey: submissionKey.current, silent: true },
      );
    }
    setBusy(false);
    if (answer.ok) {
      submissionKey.current = null;
      dispatch({ type: 'submitted' });
      toast(t('withdraw.submitted'));
      emit('tk-navigate', { to: WITHDRAW_PATHS.records });
      return;
    }
    // A network failure keeps the key: a retry of this submission is answered once.
    if (typeof answer.code === 'number') submissionKey.current = null;
    setServerError(answer.message);
  }, [
    ready,
    quote,
    tab,
    coin,
    address,
    session,
    platform,
    amount,
    form.selection,
    meta,
    language,
    toast,
    t,
    emit,
  ]);

  if (demo) {
    return (
      <p className="tk-state" part="empty">
        {t('withdraw.demo_unavailable')}
      </p>
    );
  }

  if (!signedIn) {
    return (
      <SignedOut
        text={t('withdraw.login_prompt')}
        t={t}
        buttonClass="tk-cash-btn tk-wd__btn"
        onLogin={() => emit('tk-navigate', { to: WITHDRAW_PATHS.login })}
      />
    );
  }

  const tabLabel = (id: WithdrawTab) => t(id === 'crypto' ? 'withdraw.tab_crypto' : 'withdraw.tab_bank_card');
  const unit = limits?.unit ?? '';
  // Spec §9: USD amounts with 2 decimals and thousands separators, other currencies raw.
  const shown = (value: string) => (unit === 'USD' ? formatAmount(value) : plain(value));
  const panelId = 'tk-wd-panel';
  const emptyBank = tab === 'bank_card' && cards.length === 0;

  return (
    <>
      <header className="tk-wd__head" part="header">
        <h2 className="tk-wd__heading">{t('withdraw.title')}</h2>
      </header>
      {stop ? (
        <p className="tk-wd__stop" part="status" role="alert">
          {stop}
        </p>
      ) : null}
      {tabs.length === 0 ? (
        <p className="tk-state" part="empty">
          {t('withdraw.unavailable')}
        </p>
      ) : (
        <>
          {tabs.length > 1 ? (
            <Tabs
              items={tabs.map((id) => ({ id, label: tabLabel(id) }))}
              value={tab}
              onChange={(id) => dispatch({ type: 'tab', tab: id })}
              label={t('withdraw.method')}
              idPrefix="tk-wd-tab"
              panelId={panelId}
            />
          ) : null}
          <div className="tk-wd__form" part="form" id={panelId}>
            {tab === 'bank_card' && metaMissing ? (
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
                  onClick={() => emit('tk-navigate', { to: WITHDRAW_PATHS.addBankCard })}
                >
                  {t('withdraw.add_bank_card')}
                </button>
              </div>
            ) : (
              <>
                <button
                  type="button"
                  className="tk-wd__select"
                  part="select"
                  aria-haspopup="dialog"
                  onClick={() => setDrawer(true)}
                >
                  <span className="tk-cash-label tk-wd__label">
                    {t(tab === 'crypto' ? 'withdraw.coin_network' : 'withdraw.bank_card')}
                  </span>
                  <span className="tk-wd__value">
                    {coin
                      ? `${coin.currency} (${coin.protocol})`
                      : card
                        ? `${card.bankName} ****${card.last4}`
                        : t('withdraw.choose')}
                  </span>
                </button>
                {tab === 'crypto' && coin ? (
                  <label className="tk-wd__field">
                    <span className="tk-cash-label tk-wd__label">{t('withdraw.address')}</span>
                    {savedAddress ? (
                      <input
                        className="tk-cash-input tk-wd__input"
                        value={savedAddress}
                        readOnly
                        part="address"
                      />
                    ) : (
                      <input
                        className="tk-cash-input tk-wd__input"
                        part="address"
                        value={typedAddress}
                        placeholder={t('withdraw.address_placeholder')}
                        autoComplete="off"
                        spellCheck={false}
                        onChange={(e) => setTypedAddress(e.target.value)}
                      />
                    )}
                  </label>
                ) : null}
                {tab === 'crypto' && coin && !savedAddress ? (
                  <button
                    type="button"
                    className="tk-wd__link"
                    onClick={() => emit('tk-navigate', { to: WITHDRAW_PATHS.addCrypto })}
                  >
                    {t('withdraw.add_crypto_wallet')}
                  </button>
                ) : null}
                <label className="tk-wd__field">
                  <span className="tk-cash-label tk-wd__label">
                    {t('withdraw.amount')}{' '}
                    {limits ? <span className="tk-num">{rangeText(limits)}</span> : null}
                  </span>
                  <input
                    className="tk-cash-input tk-wd__input tk-num"
                    part="amount"
                    inputMode="decimal"
                    value={form.amount}
                    disabled={limits === null}
                    placeholder={t('withdraw.amount_placeholder')}
                    onChange={(e) => dispatch({ type: 'amount', typed: e.target.value })}
                  />
                </label>
                {message ? (
                  <p className="tk-wd__error" part="message" role="alert">
                    {t(message.key, message.values)}
                  </p>
                ) : null}
                {serverError ? (
                  <p className="tk-wd__error" part="message" role="alert">
                    {serverError}
                  </p>
                ) : null}
                <dl className="tk-wd__quote" part="quote">
                  <div>
                    <dt>{t('withdraw.fee')}</dt>
                    <dd className="tk-num" data-testid="withdraw-fee">
                      {quote ? `${shown(quote.fee)} ${unit}` : '--'}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('withdraw.actual')}</dt>
                    <dd className="tk-num" data-testid="withdraw-actual">
                      {quote ? `${shown(quote.practical)} ${unit}` : '--'}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('withdraw.balance_after')}</dt>
                    <dd className="tk-num" data-testid="withdraw-after">
                      {quote ? `${formatAmount(quote.afterBalance)} USD` : '--'}
                    </dd>
                  </div>
                </dl>
                <button
                  type="button"
                  className="tk-cash-btn tk-wd__btn"
                  data-variant="primary"
                  part="submit"
                  disabled={!ready}
                  onClick={() => void submit()}
                >
                  {t('withdraw.done')}
                </button>
              </>
            )}
          </div>
        </>
      )}
      {drawer ? (
        <ModalDrawer
          title={t(tab === 'crypto' ? 'withdraw.choose_coin' : 'withdraw.choose_card')}
          onClose={() => setDrawer(false)}
          block="tk-wd"
          part="drawer"
          closeLabel={t('withdraw.close')}
        >
          <ul className="tk-wd__options" part="options">
            {(tab === 'crypto'
              ? coins.map((c) => ({ id: String(c.id), label: `${c.currency} (${c.protocol})` }))
              : cards.map((c) => ({ id: c.id, label: `${c.bankName} ****${c.last4}` }))
            ).map((option) => (
              <li key={option.id}>
                <button
                  type="button"
                  className="tk-wd__option"
                  data-selected={option.id === form.selection || undefined}
                  onClick={() => {
                    dispatch({ type: 'select', id: option.id });
                    setDrawer(false);
                  }}
                >
                  {option.label}
                </button>
              </li>
            ))}
          </ul>
        </ModalDrawer>
      ) : null}
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
