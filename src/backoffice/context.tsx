/**
 * What every back-office screen shares: the API caller, the translator, the language, the time zone and the
 * toast.
 */
import { createContext, useContext } from 'react';
import { codeMessage } from '../core/api/response';
import { formatZonedTime } from '../core/domain/format';
import type { OperatorRole } from '../core/contract/endpoint';
import type { ShowToast } from '../widgets/_shared/toast';
import { NO_ANSWER, type Call } from './transport';

export type Translate = (key: string, vars?: Record<string, unknown>) => string;

export interface Backoffice {
  /** Typed calls of the contract's admin endpoints (transport.ts). */
  call: Call;
  t: Translate;
  language: string;
  toast: ShowToast;
  /** The session ended under the operator's feet (HTTP 401): back to the sign-in page. */
  onSessionEnded(): void;
  /** The signed-in operator's roles (what they may do beyond what they see). */
  roles: readonly OperatorRole[];
  /** The IANA zone every time is shown in (time-zone.ts): the brand's, else UTC. */
  timeZone: string;
}

export const BackofficeContext = createContext<Backoffice | null>(null);

export function useBackoffice(): Backoffice {
  const value = useContext(BackofficeContext);
  if (!value) throw new Error('useBackoffice outside the back office');
  return value;
}

/** The catalogue message of a failed call, as the widgets show it ("Insufficient balance (1052)"). */
export function failureText(t: Translate, failure: { code: number; msg: string; status: number }): string {
  if (failure.code === NO_ANSWER) return failure.status === 0 ? t('error.network') : t('error.server');
  return codeMessage(failure.code, failure.msg, t);
}

/**
 * Formats a moment as the trader's records show it: in the back office's zone with that moment's offset
 * ("2026-11-28 20:51:34 UTC-5"), through the one function of both sides (core/domain/format.ts).
 */
export function useTime(): (ms: number | null) => string {
  const { timeZone } = useBackoffice();
  return (ms) => (ms === null ? '–' : formatZonedTime(ms, timeZone));
}
