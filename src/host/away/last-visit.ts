/**
 * When a trader was last here (issue #25, WA6): one timestamp per signed-in trader in localStorage, kept fresh
 * while the tab is visible, and the rule of what counts as a return. Reads never throw: a blocked or damaged
 * storage behaves as "never here", which shows nothing.
 */

/** The localStorage key of a trader's last visit (per user id: traders sharing a device keep their own). */
export const lastVisitKey = (uid: string) => `tk.lastVisit.${uid}`;
/** How long a trader must have been gone for the return to get a summary. */
export const AWAY_MIN_MS = 10 * 60_000;
/** How often a visible tab writes that the trader is still here. */
export const VISIT_BEAT_MS = 60_000;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The trader's last visit (ms), or null when never recorded or not a plausible time. */
export function readLastVisit(uid: string): number | null {
  try {
    const text = storage()?.getItem(lastVisitKey(uid)) ?? null;
    if (text === null || !/^\d{1,15}$/.test(text)) return null;
    return Number(text);
  } catch {
    return null;
  }
}

/** Records that the trader is here at `now` (a full or blocked storage only loses the record). */
export function writeLastVisit(uid: string, now: number): void {
  try {
    storage()?.setItem(lastVisitKey(uid), String(Math.floor(now)));
  } catch {
    // Nothing to do: the next return simply gets no summary.
  }
}

/** The start of a return's window, or null when the trader was not away long enough (or never here). */
export function returnSince(last: number | null, now: number): number | null {
  if (last === null || last > now) return null;
  return now - last >= AWAY_MIN_MS ? last : null;
}

export interface VisitTrackerOptions {
  uid: string;
  now: () => number;
  /** Called once per return with the window's start; the tracker never calls it again for that return. */
  onReturn: (since: number) => void;
  /** The page's document (visibility) and window (pagehide, timers); the real ones by default. */
  doc?: Document;
  win?: Window;
}

/**
 * Watches one signed-in trader's visit: at start (app start or sign-in) and each time the tab becomes visible
 * again, a last visit at least `AWAY_MIN_MS` old is a return; the time is then recorded as now, so the same
 * return is never reported twice (a reload right after finds a fresh time). While visible, the time is written
 * every minute, and on `pagehide` or hiding, so a closed tab leaves its last moment behind. Returns the stop.
 */
export function trackVisits({
  uid,
  now,
  onReturn,
  doc = document,
  win = window,
}: VisitTrackerOptions): () => void {
  const arrive = () => {
    const at = now();
    const since = returnSince(readLastVisit(uid), at);
    writeLastVisit(uid, at);
    if (since !== null) onReturn(since);
  };
  const leave = () => writeLastVisit(uid, now());
  let beat: number | undefined;
  const startBeat = () => {
    if (beat === undefined) beat = win.setInterval(leave, VISIT_BEAT_MS);
  };
  const stopBeat = () => {
    if (beat !== undefined) win.clearInterval(beat);
    beat = undefined;
  };
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') {
      stopBeat();
      leave();
    } else {
      arrive();
      startBeat();
    }
  };

  if (doc.visibilityState !== 'hidden') {
    arrive();
    startBeat();
  }
  doc.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('pagehide', leave);
  return () => {
    stopBeat();
    doc.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('pagehide', leave);
    leave();
  };
}
