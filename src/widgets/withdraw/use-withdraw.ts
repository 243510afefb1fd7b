import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { WithdrawSubmit, BANK_WITHDRAW_TYPE } from '../../core/contract/withdrawals';
import type { CoinOption } from '../../core/contract/coins';
import { newIdempotencyKey } from '../../core/api/api-client';
import { loadCodec } from '../../core/codec/load';
import {
  payoutAddress,
  quotable,
  shownProblem,
  withdrawLimits,
  withdrawReady,
  type Limits,
} from '../../core/domain/withdraw-form';
import { getSession } from '../../core/session/session';
import type { EventCallbacks } from '../_shared/events';
import { blockActionOf, type BlockAction } from '../_shared/kyc-block';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { useToast } from '../_shared/toast';
import { useT } from '../_shared/use-t';
import { useEmit } from '../_shared/widget-host';
import {
  useWithdrawLists,
  useWithdrawQuote,
  type WithdrawLists,
  type WithdrawQuoteState,
} from './use-withdraw-data';
import type { Card } from './use-withdraw-data';
import {
  amountMessage,
  formReducer,
  initialForm,
  withdrawTabs,
  WITHDRAW_PATHS,
  type FormAction,
  type FormState,
  type WithdrawTab,
} from './withdraw.logic';

/** Everything <Withdraw> shows and the commands it offers. */
export interface WithdrawModel extends WithdrawLists, Omit<WithdrawQuoteState, 'setServerError'> {
  /** Spec §6: the demo account offers no withdrawal; nothing is asked of the server. */
  demo: boolean;
  signedIn: boolean;
  tabs: WithdrawTab[];
  /** The shown tab (the first offered one when the form's is not offered). */
  tab: WithdrawTab;
  form: FormState;
  dispatch: (action: FormAction) => void;
  coin: CoinOption | null;
  card: Card | null;
  savedAddress: string | null;
  typedAddress: string;
  setTypedAddress: (value: string) => void;
  limits: Limits | null;
  message: ReturnType<typeof amountMessage>;
  ready: boolean;
  submit: () => Promise<void>;
  navigate: (to: string) => void;
  /** The page that lifts the stop (verification for 1014, email binding for 1156), if any. */
  stopAction: BlockAction | null;
}

/** The withdraw form's state: lists, choice, amount, quote and the submission (spec §4, §5). */
export function useWithdraw(props: EventCallbacks<'tk-navigate'>): WithdrawModel {
  const t = useT();
  const platform = usePlatform();
  const emit = useEmit(props);
  const toast = useToast();
  const session = useMemo(() => getSession(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  const system = useAtomValue(platform.atoms.systemConfig);
  const language = useAtomValue(platform.atoms.language);
  const demo = state.status === 'signedIn' && state.virtual;
  const signedIn = state.status === 'signedIn' && !demo;
  const tabs = useMemo(() => withdrawTabs(system?.systemConfigs), [system]);
  const [form, dispatch] = useReducer(formReducer, initialForm(tabs[0] ?? 'crypto'));
  const tab: WithdrawTab = tabs.includes(form.tab) ? form.tab : (tabs[0] ?? 'crypto');
  const lists = useWithdrawLists(platform, session, signedIn, tabs.includes('bank_card'), dispatch);
  const { coins, saved, cards, meta } = lists;
  const [typedAddress, setTypedAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const submissionKey = useRef<string | null>(null);

  const coin = tab === 'crypto' ? (coins.find((c) => String(c.id) === form.selection) ?? null) : null;
  const card = tab === 'bank_card' ? (cards.find((c) => c.id === form.selection) ?? null) : null;
  const savedAddress = coin ? (saved.find((s) => s.currencyId === coin.id)?.address ?? null) : null;
  const bank = card && meta ? meta : null;
  const amount = form.amount;
  const rangeOnly = useMemo(() => withdrawLimits(coin, bank, undefined), [coin, bank]);
  const { quote, serverError, setServerError } = useWithdrawQuote(
    platform,
    quotable(amount, rangeOnly),
    amount,
    coin?.id ?? null,
    bank ? bank.id : null,
  );
  const limits = useMemo(() => withdrawLimits(coin, bank, quote?.usdPrice), [coin, bank, quote]);

  // A changed form is a new submission (a new idempotency key).
  useEffect(() => {
    submissionKey.current = null;
  }, [tab, form.selection, amount, typedAddress]);

  const shownForm = { ...form, tab };
  const message = limits ? amountMessage(shownProblem(form, limits, quote), limits) : null;
  const address = payoutAddress(savedAddress, typedAddress);
  const ready = withdrawReady(shownForm, limits, quote, { address, busy, stopped: lists.stop !== null });

  const submit = useCallback(async () => {
    if (!ready) return;
    dispatch({ type: 'submitting' });
    setBusy(true);
    setServerError(null);
    submissionKey.current ??= newIdempotencyKey();
    const practicalNum = quote?.practical ?? '0';
    const sent = { idempotencyKey: submissionKey.current, silent: true };
    let answer;
    if (tab === 'crypto' && coin) {
      const codec = await loadCodec();
      const paymentAddress = codec.encodeField(address, session.aesKey());
      answer = await platform.api.call(
        WithdrawSubmit,
        { num: amount, practicalNum, currencyId: coin.id, paymentAddress, locale: language },
        sent,
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
        sent,
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

  const navigate = useCallback((to: string) => emit('tk-navigate', { to }), [emit]);
  return {
    ...lists,
    demo,
    signedIn,
    tabs,
    tab,
    form,
    dispatch,
    coin,
    card,
    savedAddress,
    typedAddress,
    setTypedAddress,
    limits,
    message,
    quote,
    serverError,
    ready,
    submit,
    navigate,
    stopAction: blockActionOf(lists.stopCode, system?.systemConfigs),
  };
}
