import { useEffect, useState } from 'react';
import type * as Phone from './phone';

/** The phone rules module (phone.ts). */
export type PhoneRules = typeof Phone;

let loading: Promise<PhoneRules> | null = null;

/** Load the phone rules once per page (their metadata is a chunk of its own). */
export function loadPhoneRules(): Promise<PhoneRules> {
  loading ??= import('./phone').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The phone rules once loaded, loading them when `needed`; null until then. */
export function usePhoneRules(needed: boolean): PhoneRules | null {
  const [rules, setRules] = useState<PhoneRules | null>(null);
  useEffect(() => {
    if (!needed || rules) return;
    let live = true;
    loadPhoneRules().then(
      (loaded) => live && setRules(loaded),
      (error: unknown) => console.warn('[tradekit] phone rules failed to load', error),
    );
    return () => {
      live = false;
    };
  }, [needed, rules]);
  return rules;
}
