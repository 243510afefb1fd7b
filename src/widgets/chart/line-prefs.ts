/**
 * "Show positions on chart", remembered for every symbol beside the chart's other prefs (same storage, same
 * key prefix). On unless the trader switched it off; unreadable storage counts as on.
 */
import { PREFS_VERSION } from './chart-prefs';

/** The storage key of the setting. */
export const SHOW_LINES_KEY = `tk-chart:v${PREFS_VERSION}:show-positions`;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Whether the trader's orders are drawn on the chart. */
export function loadShowLines(store: Storage | null = storage()): boolean {
  try {
    return store?.getItem(SHOW_LINES_KEY) !== '0';
  } catch {
    return true;
  }
}

/** Remember the setting; false when storage refused. */
export function saveShowLines(on: boolean, store: Storage | null = storage()): boolean {
  try {
    if (!store) return false;
    store.setItem(SHOW_LINES_KEY, on ? '1' : '0');
    return true;
  } catch {
    return false;
  }
}
