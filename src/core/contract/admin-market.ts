/**
 * Admin hooks of the market and trading modules (`/admin/v1/market/…`): operators, e2e scripts and tests use
 * them to steer the simulated market; no browser widget calls them. Bearer ADMIN_TOKEN only.
 */
import { Code } from './codes';
import { endpoint } from './endpoint';
import { Dec, DecOut, Int, Obj, Str, T } from './schema';

/** Longest pin of a simulated price: one day (release it earlier with `{ release: true }`). */
export const MAX_PRICE_PIN_MS = 86_400_000;
/** Longest time the market socket refuses new connections after a drop. */
export const MAX_DROP_REFUSE_MS = 60_000;
/** Longest single move of a movable server clock (DEV_CLOCK_OFFSET_MS): one day. */
export const MAX_CLOCK_ADVANCE_MS = 86_400_000;

/** `POST /admin/v1/market/{symbol}/price` (outside production). */
export const adminPricePin = endpoint({
  service: 'admin',
  path: 'market/{symbol}/price',
  access: 'admin',
  tag: 'admin',
  summary:
    'Pin a simulated bid (ask = bid + spread) for holdMs or until released; { release: true } frees it. ' +
    'Answers once the fills, stop losses, take profits and stop-outs it caused are done',
  input: Obj({
    symbol: Str(32, { minLength: 1 }),
    bid: T.Optional(Dec({ description: "The bid, at most the product's price precision" })),
    holdMs: T.Optional(
      Int(1, MAX_PRICE_PIN_MS, { description: 'How long the pin holds; until released when absent' }),
    ),
    release: T.Optional(T.Boolean()),
  }),
  data: Obj({
    symbol: T.String(),
    bid: DecOut(),
    ask: DecOut(),
    pinned: T.Boolean(),
  }),
  codes: [Code.INCORRECT_PARAMETER, Code.ORDER_PARAMETER, Code.PAIR_NOT_FOUND],
});

/** `POST /admin/v1/market/connections/drop`: drops every market socket (e2e tests of reconnects). */
export const adminDropConnections = endpoint({
  service: 'admin',
  path: 'market/connections/drop',
  access: 'admin',
  tag: 'admin',
  summary: 'Drop every market socket like a network failure and refuse new ones for refuseMs',
  input: Obj({ refuseMs: T.Optional(Int(0, MAX_DROP_REFUSE_MS)) }),
  data: Obj({ dropped: T.Integer({ minimum: 0 }) }),
  codes: [Code.INCORRECT_PARAMETER],
});

/**
 * `POST /admin/v1/clock/advance`: moves the server's clock forward (only on a server started with
 * DEV_CLOCK_OFFSET_MS, never in production). Chaos runs and scripts use it to reach what business time gates —
 * the 3-minute rule of a manual close, an option's expiry — without waiting it out (CH4).
 */
export const adminClockAdvance = endpoint({
  service: 'admin',
  path: 'clock/advance',
  access: 'admin',
  tag: 'admin',
  summary: "Move the server's movable clock forward by ms (a server started with DEV_CLOCK_OFFSET_MS only)",
  input: Obj({ ms: Int(1, MAX_CLOCK_ADVANCE_MS, { description: 'How far to move it' }) }),
  data: Obj({
    now: T.Integer({ minimum: 0, description: "The server's time after the move (ms since the epoch)" }),
    offsetMs: T.Integer({ minimum: 0, description: 'How far it now runs ahead of real time (ms)' }),
  }),
  codes: [Code.INCORRECT_PARAMETER],
});
