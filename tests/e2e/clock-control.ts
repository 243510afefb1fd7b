// The server clock's remote control for the browser suites: a tiny HTTP server of its own on the loopback
// interface, started by the global setup beside the app. It is not part of the app: the product has no route
// that moves time (docs/decisions.md CK4).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestClock } from '../../server/src/clock';

/** The longest single move (a day): a larger one is a mistake of the calling test. */
export const MAX_ADVANCE_MS = 86_400_000;

/**
 * Serves `GET /now` → `{ now }` and `POST /advance?ms=N` → `{ now }` (N a whole number of ms, 0…a day) for
 * `clock`; anything else is 404, a bad N 400. Answers its origin and how to stop it.
 */
export async function startClockControl(
  clock: TestClock,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://clock');
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && url.pathname === '/now') return answer(200, { now: clock.now() });
    if (request.method === 'POST' && url.pathname === '/advance') {
      const raw = url.searchParams.get('ms') ?? '';
      const ms = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
      if (!(ms <= MAX_ADVANCE_MS))
        return answer(400, { error: 'ms must be a whole number from 0 to 86400000' });
      return answer(200, { now: clock.advance(ms) });
    }
    return answer(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
