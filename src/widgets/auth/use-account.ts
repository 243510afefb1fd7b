import { useEffect, useRef, useState } from 'react';
import type { RegisterType } from '../../core/contract/auth';
import { useAuth } from './auth-context';
import type { AccountInput } from './auth.logic';
import { browserLocales, defaultCountry } from './default-country';
import { initialAccount } from './initial-account';

/** An account to start from (handed over by registration, or remembered). */
type Prefill = { type: RegisterType; value: string; country?: string | null } | null;

/**
 * The account input of a form. Until the user edits it, it follows the brand's offered types: the system
 * config may arrive after the first render and make phone the default, or offer the remembered type.
 */
export function useAccount(prefill: Prefill): [AccountInput, (next: AccountInput) => void, () => void] {
  const { types, session, locale } = useAuth();
  const fallback = defaultCountry(locale, browserLocales());
  const [account, setAccount] = useState(() =>
    initialAccount(types, prefill, session.storage.get('country'), fallback),
  );
  const touched = useRef(false);
  const start = useRef(prefill);
  const typesKey = types.join();

  useEffect(() => {
    if (!touched.current)
      setAccount(initialAccount(types, start.current, session.storage.get('country'), fallback));
    // Keyed on the offered types and the language: a change re-applies the start values to an untouched form.
  }, [typesKey, fallback]);

  const edit = (next: AccountInput) => {
    touched.current = true;
    setAccount(next);
  };
  const reset = () => {
    touched.current = false;
    start.current = null;
    setAccount(initialAccount(types, null, session.storage.get('country'), fallback));
  };
  return [account, edit, reset];
}
