/** Sending the register/forgot code (spec §4/§9): 60 s before a resend; 1110 means one is on its way. */
import { useState } from 'react';
import { useAtomValue } from '../_shared/store-react';
import { Code } from '../../core/contract/codes';
import { useAuth } from './auth-context';
import { RESEND_WAIT_MS, resolveAccount, secondsLeft } from './auth.logic';
import { sendCodeCall } from './requests';
import type { AccountInput } from './auth.logic';

/** Server code: a code was sent to this address less than 60 s ago. */
const SENT_TOO_OFTEN = Code.TOO_FREQUENT;

/** The outcome of one send: whether the form may go on, and a message to show. */
export interface SendOutcome {
  ok: boolean;
  message: string | null;
}

/** Code sending for a purpose, with the resend countdown. */
export function useCodeSender(purpose: 'register' | 'forgot') {
  const { platform, locale, toDigits } = useAuth();
  const now = useAtomValue(platform.atoms.clock);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [sending, setSending] = useState(false);

  async function send(account: AccountInput): Promise<SendOutcome> {
    setSending(true);
    const { endpoint, payload } = sendCodeCall(resolveAccount(account, toDigits), purpose, locale);
    const result = await platform.api.call(endpoint, payload, { silent: true });
    setSending(false);
    if (result.ok) {
      setResendAt(Date.now() + RESEND_WAIT_MS);
      return { ok: true, message: null };
    }
    // The earlier code is still valid: go on to the code step and wait out the rest of the minute.
    if (result.code === SENT_TOO_OFTEN) {
      setResendAt(Date.now() + RESEND_WAIT_MS);
      return { ok: true, message: result.message };
    }
    return { ok: false, message: result.message };
  }

  return {
    send,
    sending,
    /** Seconds before the code may be sent again. */
    wait: secondsLeft(resendAt, Math.max(now, Date.now())),
    reset: () => setResendAt(null),
  };
}
