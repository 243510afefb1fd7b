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
