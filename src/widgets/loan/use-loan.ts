import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { newIdempotencyKey } from '../../core/api/api-client';
import {
  CheckUserLoan,
  GetRepayment,
  InsertLoan,
  InsertRepayment,
  LoanStatus,
  RepaymentStatus,
  type Loan,
  type Repayment,
} from '../../core/contract/loans';
import { loadCodeMessages } from '../../core/i18n/i18n';
import { getSession } from '../../core/session/session';
import type { EventCallbacks } from '../_shared/events';
import { usePlatform } from '../_shared/platform-context';
import { useNoticeReload } from '../_shared/use-notice-reload';
import { useAtomValue } from '../_shared/store-react';
import { useToast } from '../_shared/toast';
import { useT } from '../_shared/use-t';
import { useEmit } from '../_shared/widget-host';
import {
  LOAN_FLAG,
  LOAN_REJECTED_NOTIFICATION,
  LOAN_SLOW_POLL_MS,
  latestRepayment,
  type Application,
} from './loan.logic';

/** Everything <Loan> shows and the commands it offers. */
export interface LoanModel {
  /** Spec §6: the demo account is offered no loan; nothing is asked of the server. */
  demo: boolean;
  signedIn: boolean;
  /** The brand offers loans (`user/loan`). */
  offered: boolean;
  /** The newest loan; undefined while loading (status -1), null without one (status 100). */
  loan: Loan | null | undefined;
  repayments: Repayment[];
  /** The real balance, as the session last read it. */
  balance: string | null;
  timezone: string | undefined;
  /** A server refusal of the last load or submit, in the catalogue's text. */
  error: string | null;
  busy: boolean;
  apply: (form: Application) => Promise<boolean>;
  repay: (amount: string) => Promise<boolean>;
  navigate: (to: string) => void;
}

/** A money submit's idempotency key: one per submission, kept for a retry after a network failure. */
function useSubmissionKey() {
  const key = useRef<{ of: string; key: string } | null>(null);
  return useMemo(
    () => ({
      /** The key of this exact submission (a changed input is a new submission). */
      of: (what: string) => {
        if (key.current?.of !== what) key.current = { of: what, key: newIdempotencyKey() };
        return key.current.key;
      },
      /** An answer ends the submission; a network failure keeps its key, so a retry is answered once. */
      settle: (code: number | string | undefined) => {
        if (code === undefined || typeof code === 'number') key.current = null;
      },
    }),
    [],
  );
}

/** The loan page's data: the status check, the repayment list and the two submits (spec §4, §7). */
export function useLoan(props: EventCallbacks<'tk-navigate'>): LoanModel {
  const t = useT();
  const platform = usePlatform();
  const emit = useEmit(props);
  const toast = useToast();
  const session = useMemo(() => getSession(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  const system = useAtomValue(platform.atoms.systemConfig);
  const config = useAtomValue(platform.atoms.config);
  const summary = useAtomValue(session.atoms.balance);
  const demo = state.status === 'signedIn' && state.virtual;
  const signedIn = state.status === 'signedIn' && !demo;
  const offered = system?.systemConfigs.some((c) => c.name === LOAN_FLAG && c.enable) ?? false;
  const active = signedIn && offered;
  const [loan, setLoan] = useState<Loan | null | undefined>(undefined);
  const [repayments, setRepayments] = useState<Repayment[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const applyKey = useSubmissionKey();
  const repayKey = useSubmissionKey();

  const load = useCallback(async () => {
    const check = await platform.api.call(CheckUserLoan, {}, { silent: true });
    if (!check.ok) {
      setError(check.message);
      return;
    }
    const dto = check.data.dto;
    // The overdue notice is the catalogue's 1151, read before any call has failed.
    if (dto?.status === LoanStatus.overdue) await loadCodeMessages(platform.i18n).catch(() => undefined);
    let list: Repayment[] = [];
    if (dto && dto.status !== LoanStatus.waiting && dto.status !== LoanStatus.rejected) {
      const answer = await platform.api.call(GetRepayment, { loanId: dto.id }, { silent: true });
      if (answer.ok) list = answer.data.dtoList;
      else setError(answer.message);
    }
    setLoan(dto);
    setRepayments(list);
  }, [platform]);

  useEffect(() => {
    if (!active) return;
    void load();
    void session.refreshBalance({ silent: true });
  }, [active, load, session]);

  // An operator's decision is the next view. A rejection arrives over the socket (629021), and a trader back
  // on the page sees the loan as it is now; an approval has no push, so a slow refresh while something waits.
  const pending =
    loan?.status === LoanStatus.waiting || latestRepayment(repayments)?.status === RepaymentStatus.waiting;
  const reload = useCallback(() => {
    void load().then(() => session.refreshBalance({ silent: true }));
  }, [load, session]);
  useNoticeReload(active, LOAN_REJECTED_NOTIFICATION, reload);
  useEffect(() => {
    if (!active) return undefined;
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [active, reload]);
  useEffect(() => {
    if (!active || !pending) return undefined;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') reload();
    }, LOAN_SLOW_POLL_MS);
    return () => clearInterval(timer);
  }, [active, pending, reload]);

  const apply = useCallback(
    async (form: Application) => {
      setBusy(true);
      setError(null);
      const input = { amount: Number(form.amount), days: form.days, guarantor: form.guarantor.trim() };
      const answer = await platform.api.call(InsertLoan, input, {
        silent: true,
        idempotencyKey: applyKey.of(JSON.stringify(input)),
      });
      applyKey.settle(answer.ok ? undefined : answer.code);
      setBusy(false);
      if (!answer.ok) {
        setError(answer.message);
        return false;
      }
      setLoan(answer.data.dto);
      setRepayments([]);
      toast(t('loan.applied'));
      return true;
    },
    [platform, applyKey, toast, t],
  );

  const repay = useCallback(
    async (amount: string) => {
      if (!loan) return false;
      setBusy(true);
      setError(null);
      const input = { loanId: loan.id, amount };
      const answer = await platform.api.call(InsertRepayment, input, {
        silent: true,
        idempotencyKey: repayKey.of(JSON.stringify(input)),
      });
      repayKey.settle(answer.ok ? undefined : answer.code);
      setBusy(false);
      if (!answer.ok) {
        setError(answer.message);
        return false;
      }
      setRepayments((list) => [answer.data.dto, ...list]);
      toast(t('loan.repay_submitted'));
      void session.refreshBalance({ silent: true });
      return true;
    },
    [platform, loan, repayKey, toast, t, session],
  );

  const navigate = useCallback((to: string) => emit('tk-navigate', { to }), [emit]);
  return {
    demo,
    signedIn,
    offered,
    loan,
    repayments,
    balance: summary?.balanceAmount ?? null,
    timezone: config?.brand.timezone,
    error,
    busy,
    apply,
    repay,
    navigate,
  };
}
