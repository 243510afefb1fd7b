/** The account a form starts with: a handed-over or remembered one, else the default type and country. */
import type { RegisterType } from '../../core/contract/auth';
import type { AccountInput } from './auth.logic';

// The stored country is checked against the phone metadata when the rules load; here only its shape.
const countryCode = (code: string | null | undefined) => (code && /^[A-Z]{2}$/.test(code) ? code : null);

/**
 * Start values: `prefill` when its type is offered, else the first offered type; the country is the
 * prefill's, else the stored one, else `fallbackCountry` (from the browser locale or the UI language).
 */
export function initialAccount(
  types: readonly RegisterType[],
  prefill: { type: RegisterType; value: string; country?: string | null } | null,
  storedCountry: string | null,
  fallbackCountry: string | null = null,
): AccountInput {
  const country = countryCode(prefill?.country) ?? countryCode(storedCountry) ?? countryCode(fallbackCountry);
  if (prefill && types.includes(prefill.type)) return { type: prefill.type, value: prefill.value, country };
  return { type: types[0] ?? 'E', value: '', country };
}
