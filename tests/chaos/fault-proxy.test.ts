import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { faultOf, requestLength, startFaultProxy, type FaultProxy, type FaultSchedule } from './fault-proxy';
import { NetworkError, send } from './http-client';

/** A target that counts the requests it handled and each connection that ended. */
async function target() {
  const handled: string[] = [];
  const closed: Array<() => void> = [];
  let closedCount = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += String(chunk)));
    req.on('end', () => {
      handled.push(`${req.method} ${req.url} ${body}`);
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`ok ${handled.length}`);
    });
  });
  server.on('connection', (socket: Socket) =>
    socket.on('close', () => {
      closedCount += 1;
      for (const wake of closed.splice(0)) wake();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    handled,
    /** Resolves once `n` connections to the target have ended. */
    connectionsClosed: (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => (closedCount >= n ? resolve() : closed.push(check));
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const only = (kind: 'drop' | 'cut' | 'delay', maxDelayMs = 1): FaultSchedule => ({
  seed: 1,
  drop: kind === 'drop' ? 1 : 0,
  cut: kind === 'cut' ? 1 : 0,
  delay: kind === 'delay' ? 1 : 0,
  maxDelayMs,
});
const PASS: FaultSchedule = { seed: 1, drop: 0, cut: 0, delay: 0, maxDelayMs: 1 };

describe('fault proxy', () => {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const thing of open.splice(0).reverse()) await thing.close();
  });
  async function setUp(schedule: FaultSchedule) {
    const server = await target();
    open.push(server);
    const proxy: FaultProxy = await startFaultProxy(server.port, schedule);
    open.push(proxy);
    return { server, proxy };
  }
  const post = (proxy: FaultProxy, body: string) =>
    send(proxy.url, { method: 'POST', path: '/op', headers: { 'content-type': 'text/plain' }, body });

  it('passes a request and relays the answer', async () => {
    const { server, proxy } = await setUp(PASS);
    const answer = await post(proxy, 'one');
    expect(answer.body).toBe('ok 1');
    expect(server.handled).toEqual(['POST /op one']);
    expect(proxy.counts()).toMatchObject({ pass: 1, drop: 0, cut: 0, delay: 0 });
  });

  it('drops the answer of a request the server handled', async () => {
    const { server, proxy } = await setUp(only('drop'));
    await expect(post(proxy, 'paid')).rejects.toBeInstanceOf(NetworkError);
    // The proxy destroys the client only after the server's whole answer: the request was handled.
    expect(server.handled).toEqual(['POST /op paid']);
    expect(proxy.counts().drop).toBe(1);
  });

  it('cuts a request before the server has all of it: nothing is handled', async () => {
    const { server, proxy } = await setUp(only('cut'));
    await expect(post(proxy, 'a body long enough to be cut in half')).rejects.toBeInstanceOf(NetworkError);
    await server.connectionsClosed(1);
    expect(server.handled).toEqual([]);
    expect(proxy.counts().cut).toBe(1);
  });

  it('delays a request, then passes it', async () => {
    const { server, proxy } = await setUp(only('delay', 40));
    const { delayMs } = faultOf(only('delay', 40), 0);
    const started = performance.now();
    expect((await post(proxy, 'late')).body).toBe('ok 1');
    expect(performance.now() - started).toBeGreaterThanOrEqual(delayMs - 1);
    expect(server.handled).toEqual(['POST /op late']);
    expect(proxy.counts().delay).toBe(1);
  });

  it('refuses the client while the server is down, and reaches it again on a new target', async () => {
    const { server, proxy } = await setUp(PASS);
    const down = await target();
    const port = down.port;
    await down.close();
    proxy.setTarget(port);
    await expect(post(proxy, 'lost')).rejects.toBeInstanceOf(NetworkError);
    expect(proxy.counts().refused).toBe(1);
    proxy.setTarget(server.port);
    expect((await post(proxy, 'back')).body).toBe('ok 1');
  });

  it('gives the same request ordinal the same fault in every run of a seed', () => {
    const schedule: FaultSchedule = { seed: 42, drop: 0.2, cut: 0.2, delay: 0.2, maxDelayMs: 50 };
    const kinds = Array.from({ length: 200 }, (_, n) => faultOf(schedule, n).kind);
    expect(Array.from({ length: 200 }, (_, n) => faultOf(schedule, n).kind)).toEqual(kinds);
    for (const kind of ['pass', 'drop', 'cut', 'delay'])
      expect(kinds.filter((k) => k === kind).length).toBeGreaterThan(20);
    expect(faultOf({ ...schedule, seed: 43 }, 0)).toBeDefined();
  });

  it('reads a whole request by its Content-Length', () => {
    const head = 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\n';
    expect(requestLength(Buffer.from(head + 'ab'))).toBeNull();
    expect(requestLength(Buffer.from(head + 'abc'))).toBe(head.length + 3);
    expect(requestLength(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'))).toBe(27);
  });
});
