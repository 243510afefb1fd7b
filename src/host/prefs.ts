/**
 * Visitor preferences kept in local storage (spec §3: language, theme colours, trade mode). Reads never
 * throw: blocked storage (privacy modes) behaves as empty.
 */

/** Storage keys of the host's preferences. */
export const PrefKey = {
  theme: 'theme',
  language: 'language',
  tradeMode: 'tradeMode',
  colorScheme: 'colorScheme',
  chartPeriod: 'chartPeriod',
  chartCandleType: 'chartCandleType',
} as const;
export type PrefKey = (typeof PrefKey)[keyof typeof PrefKey];

/** The stored value, or null when absent or unreadable. */
export function readPref(key: PrefKey): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a value; a full or blocked storage only loses persistence. */
export function writePref(key: PrefKey, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Preference persistence is best effort.
  }
}

/** A stored value when it is one of `allowed`, else `fallback`. */
export function readChoice<T extends string>(key: PrefKey, allowed: readonly T[], fallback: T): T {
  const value = readPref(key);
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}
