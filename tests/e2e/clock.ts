// The server's clock as the browser suites see it: read it where a test computes something the server checks
// at its own time (TOTP codes, market hours), and move it instead of waiting out real time (option expiries,
// TOTP steps). The global setup serves it (clock-control.ts); the browser keeps its own clock.
import { inject } from 'vitest';
import { MAX_ADVANCE_MS } from './clock-control';

const clockUrl = inject('clockUrl');

async function ask(method: 'GET' | 'POST', path: string): Promise<number> {
  const res = await fetch(`${clockUrl}${path}`, { method });
  if (!res.ok) throw new Error(`clock control ${method} ${path} answered ${res.status}`);
  return ((await res.json()) as { now: number }).now;
}

/** The server clock's now (ms since epoch); ahead of this process's clock once a test has moved it. */
export function serverNow(): Promise<number> {
  return ask('GET', '/now');
}

/** Moves the server clock forward by `ms` (a whole number); answers its new now. */
export function advanceServerClock(ms: number): Promise<number> {
  return ask('POST', `/advance?ms=${ms}`);
}

/** Moves the server clock forward by `ms`, in moves of a day at most (the control's limit); answers its new now. */
export async function advanceServerClockBy(ms: number): Promise<number> {
  let now = await advanceServerClock(Math.min(ms, MAX_ADVANCE_MS));
  for (let left = ms - MAX_ADVANCE_MS; left > 0; left -= MAX_ADVANCE_MS)
    now = await advanceServerClock(Math.min(left, MAX_ADVANCE_MS));
  return now;
}

/** Both, as the TOTP fixture takes them. */
export const serverClock = { now: serverNow, advance: advanceServerClock };
