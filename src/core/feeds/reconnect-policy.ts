/**
 * Live-data timing rules of spec §4/§9, kept pure so the feed and its tests share one source of numbers.
 */

/** Step of the linear back-off: the n-th reconnect waits n × 500 ms. */
export const RECONNECT_STEP_MS = 500;
/** Reconnect attempts after which the feed gives up (the host then shows the ws_failed alert). */
export const MAX_RECONNECTS = 10;
/** A subscribed feed without a message for longer than this is stale and gets dropped. */
export const STALE_AFTER_MS = 10_000;
/** How often staleness is checked. */
export const STALE_CHECK_MS = 1_000;
/** STOMP heart-beat in both directions. */
export const HEARTBEAT_MS = 10_000;
/**
 * How long a socket (market or order) stays open after its last listener left (decision EK9): a widget moved,
 * re-rendered or replaced by the page's next view listens again within it on the same socket, and a page left
 * without widgets closes it.
 */
export const IDLE_CLOSE_MS = 5_000;
/** A socket that has not reached CONNECTED by then is dropped and counted as a failed attempt. */
export const CONNECT_TIMEOUT_MS = 10_000;

/** Delay before reconnect attempt number `attempt` (1-based): 500, 1000, 1500 … ms. */
export function nextDelay(attempt: number): number {
  return RECONNECT_STEP_MS * Math.max(1, Math.floor(attempt));
}

/** True once `attempt` (the attempt that would be made next) exceeds the allowed number. */
export function shouldGiveUp(attempt: number): boolean {
  return attempt > MAX_RECONNECTS;
}

/** True when the last sign of life (message, or the connect itself) is older than the stale limit. */
export function isStale(lastActivityAt: number, now: number, staleAfterMs = STALE_AFTER_MS): boolean {
  return now - lastActivityAt > staleAfterMs;
}
