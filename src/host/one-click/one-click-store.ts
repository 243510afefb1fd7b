/**
 * The one-click trading setting (issue #25, OT10): on or off and the volume a chart Buy/Sell places, kept in
 * sessionStorage so it dies with the tab's session and never outlives it on the device. It belongs to the
 * trader who turned it on: another trader signing in on the tab finds it off, and a sign-out clears it.
 * Reads never throw: a blocked storage behaves as empty, which is off.
 */
/** The sessionStorage key (one per tab, per origin). */
export const ONE_CLICK_KEY = 'tk.oneClick';

/** What one-click trading is set to. */
export interface OneClickSetting {
  on: boolean;
  /** Lots a chart Buy/Sell places, as the volume rules committed it ('' while off). */
  volume: string;
}

/** Off by default (the rule). */
export const ONE_CLICK_OFF: OneClickSetting = { on: false, volume: '' };

interface Stored extends OneClickSetting {
  uid: string;
}

const listeners = new Set<() => void>();
// useSyncExternalStore needs the same object while nothing changed: the parsed value is cached by its text.
let cache: { text: string | null; uid: string | null; value: OneClickSetting } | null = null;

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function readText(): string | null {
  try {
    return storage()?.getItem(ONE_CLICK_KEY) ?? null;
  } catch {
    return null;
  }
}

/** A stored value that is well formed (a volume of at most 2 decimals), else null. */
function parse(text: string | null): Stored | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { on, volume, uid } = value as Record<string, unknown>;
    if (on !== true || typeof uid !== 'string' || typeof volume !== 'string') return null;
    if (!/^\d{1,12}(\.\d{1,2})?$/.test(volume)) return null;
    return { on, volume, uid };
  } catch {
    return null;
  }
}

/** The setting of the trader `uid` on this tab (off for a visitor, another trader or a damaged value). */
export function readOneClick(uid: string | null): OneClickSetting {
  const text = readText();
  if (cache && cache.text === text && cache.uid === uid) return cache.value;
  const stored = parse(text);
  const value =
    stored && uid !== null && stored.uid === uid ? { on: true, volume: stored.volume } : ONE_CLICK_OFF;
  cache = { text, uid, value };
  return value;
}

function emit(): void {
  for (const listener of [...listeners]) listener();
}

/** Turns one-click trading on for the trader `uid` at `volume` (a committed volume). */
export function turnOnOneClick(uid: string, volume: string): void {
  try {
    storage()?.setItem(ONE_CLICK_KEY, JSON.stringify({ on: true, volume, uid } satisfies Stored));
  } catch {
    // A blocked storage keeps it off: one-click is never on without being remembered as on.
  }
  emit();
}

/** Turns it off (the switch, a sign-out). */
export function clearOneClick(): void {
  try {
    storage()?.removeItem(ONE_CLICK_KEY);
  } catch {
    // Nothing stored can be read back either.
  }
  emit();
}

/** Subscribes to changes made on this page. */
export function subscribeOneClick(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
