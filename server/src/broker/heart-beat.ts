import { StompError } from './frame';

/** Negotiated heart-beat intervals in ms; 0 means none in that direction. */
export interface HeartBeats {
  /** Server to client: the server sends an EOL when it has been idle this long. */
  outgoing: number;
  /** Client to server: the client promised to send something at least this often. */
  incoming: number;
}

/** Parses the `heart-beat:cx,cy` header of CONNECT (absent means `0,0`). */
export function parseHeartBeat(value: string | undefined): [number, number] {
  if (value === undefined) return [0, 0];
  const match = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(value);
  if (!match)
    throw new StompError('invalid heart-beat', 'heart-beat must be two non-negative integers: cx,cy.');
  return [Number(match[1]), Number(match[2])];
}

/**
 * STOMP 1.2 §Heart-beating: each direction uses the larger of what the sender can do and what the
 * receiver wants, or none if either side says 0. The server offers `serverMs` both ways, which also
 * floors the rate a client can ask for.
 */
export function negotiateHeartBeat([cx, cy]: [number, number], serverMs: number): HeartBeats {
  return {
    outgoing: serverMs === 0 || cy === 0 ? 0 : Math.max(serverMs, cy),
    incoming: serverMs === 0 || cx === 0 ? 0 : Math.max(serverMs, cx),
  };
}

/** How many promised intervals a client may stay silent before it is dropped. */
export const SILENCE_TOLERANCE = 2;
