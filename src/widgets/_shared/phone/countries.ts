/** The entries of the country / area-code picker and their search (the list itself comes from phone.ts). */

/** One entry of the picker. */
export interface Country {
  code: string;
  name: string;
  /** Calling code without plus, e.g. "49". */
  callingCode: string;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Entries matching a search: name (accents and case ignored), ISO code, or calling code ("+49", "49"). */
export function searchCountries(list: readonly Country[], query: string): Country[] {
  const q = fold(query.trim());
  if (!q) return [...list];
  const digits = q.replace(/^\+/, '');
  if (/^\d+$/.test(digits)) return list.filter((c) => c.callingCode.startsWith(digits));
  return list.filter((c) => fold(c.name).includes(q) || c.code.toLowerCase() === q);
}
