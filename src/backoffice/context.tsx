/** What every back-office screen shares: the API caller, the translator, the language and the toast. */
import { createContext, useContext } from 'react';
import { codeMessage } from '../core/api/response';
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

/** A date and time in the page language. */
export function formatTime(ms: number | null, language: string): string {
  if (ms === null) return '–';
  return new Date(ms).toLocaleString(language, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}
