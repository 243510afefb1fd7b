/** The state of the deposit page: who may deposit, the loaded options, the form, the proof and the sending. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SubmitDeposit } from '../../core/contract/deposits';
import type { DepositMethod } from '../../core/contract/deposits';
import { newIdempotencyKey } from '../../core/api/api-client';
import type { Platform } from '../../core/runtime/types';
import { getSession } from '../../core/session/session';
import { useAtomValue } from '../_shared/store-react';
import { useToast } from '../_shared/toast';
import type { Translate } from '../_shared/use-t';
import {
  afterSuccess,
  clearDraft,
  depositFlags,
  depositTabs,
  formProblem,
  initialForm,
  isUsdValued,
  metaOf,
  selectionOf,
  saveDraft,
  sessionStore,
  takeDraft,
  type DepositForm,
} from './deposit.logic';
import { dropProof, keepProof, takeProof } from './deposit-proof';
import { useDepositOptions } from './use-deposit-options';

/** Everything DepositBody shows and does, on `platform` in `t`'s language. */
export function useDepositForm(platform: Platform, t: Translate) {
  const toast = useToast();
  const session = useMemo(() => getSession(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  const config = useAtomValue(platform.atoms.config);
  const systemConfig = useAtomValue(platform.atoms.systemConfig);
  const tabs = useMemo(() => depositTabs(config?.brand.depositTypes), [config]);
  const signedIn = state.status === 'signedIn';
  const flags = depositFlags(systemConfig);
  const language = platform.i18n.language || 'en';
  const [attempt, setAttempt] = useState(0);
  const active = signedIn && !state.virtual && !flags.disabled;
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
  // Set when the proof chosen before the agreement could not be brought back (said, never silent).
  const [proofLost, setProofLost] = useState(false);
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
    setProofLost(false);
    setProofState(file);
  };

  // Back from the agreement: the form as it was (taken once; any other arrival starts afresh).
  useEffect(() => {
    const draft = takeDraft(sessionStore());
    const kept = takeProof(sessionStore());
    if (draft) setFormState(draft);
    if (draft && kept && 'file' in kept) setProofState(kept.file);
    if (draft && kept && 'lost' in kept) setProofLost(true);
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

  const { coin, currency, needsBank } = selectionOf(form, options);

  /** Opens the agreement: the form and its proof are kept for the way back (issue #26). */
  const openAgreement = async (go: () => void) => {
    saveDraft(sessionStore(), form);
    // Without a proof nothing needs reading, so the page moves on at once.
    if (proof) await keepProof(sessionStore(), proof);
    else dropProof(sessionStore());
    go();
  };

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
    setProofLost(false);
    toast(t('msg.submit_success_please_wait'));
  };

  return {
    state,
    signedIn,
    tabs,
    flags,
    language,
    options,
    retry: () => setAttempt((n) => n + 1),
    firstCoin,
    form,
    setForm,
    proof,
    setProof,
    proofProblem: proofLost ? t('deposit.proof_again') : null,
    openAgreement,
    problem,
    busy,
    currency,
    submit,
  };
}

/** The deposit page's state, as useDepositForm gives it. */
export type DepositFormState = ReturnType<typeof useDepositForm>;
