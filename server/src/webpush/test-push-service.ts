/**
 * A push service for tests, on 127.0.0.1: it takes the server's push requests (RFC 8030) like a browser
 * vendor's service would, keeps each one for the test to read, and answers 201 (or the status a test set for a
 * path: 410 for a subscription that is gone). The browser suites reach it over HTTP from another process:
 * `GET /__messages/<path>` answers what arrived at `/<path>`, waiting until at least one has.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One push request as it arrived. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string>;
  /** The encrypted body, base64. */
  body: string;
}

/** The running service. */
export interface TestPushService {
  origin: string;
  /** A fresh endpoint URL on this service. */
  endpoint(name: string): string;
  /** What arrived at the endpoint's path so far. */
  received(endpoint: string): ReceivedPush[];
  /** Resolves once `count` pushes arrived at the endpoint (rejects after `timeoutMs`). */
  waitFor(endpoint: string, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  /** Answers `status` to pushes at the endpoint from now on. */
  answer(endpoint: string, status: number): void;
  close(): Promise<void>;
}

const CONTROL = '/__messages/';

/** Starts the service on a free port of 127.0.0.1. */
export async function startTestPushService(): Promise<TestPushService> {
  const messages = new Map<string, ReceivedPush[]>();
  const statuses = new Map<string, number>();
  const waiters = new Set<() => void>();
  const listOf = (path: string) => messages.get(path) ?? [];

  function waitFor(path: string, count: number, timeoutMs: number): Promise<ReceivedPush[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (listOf(path).length < count) return false;
        waiters.delete(check as () => void);
        clearTimeout(timer);
        resolve(listOf(path));
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check as () => void);
        reject(new Error(`no push at ${path} within ${timeoutMs} ms`));
      }, timeoutMs);
      if (!check()) waiters.add(check as () => void);
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://push.test');
    if (request.method === 'GET' && url.pathname.startsWith(CONTROL)) {
      const path = `/${url.pathname.slice(CONTROL.length)}`;
      const count = Number(url.searchParams.get('count') ?? 1);
      const list = await waitFor(path, count, 60_000).catch(() => listOf(path));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
    );
    const push: ReceivedPush = {
      path: url.pathname,
      headers,
      body: Buffer.concat(chunks).toString('base64'),
    };
    messages.set(url.pathname, [...listOf(url.pathname), push]);
    response.writeHead(statuses.get(url.pathname) ?? 201).end();
    for (const waiter of [...waiters]) waiter();
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pathOf = (endpoint: string) => new URL(endpoint).pathname;
  return {
    origin,
    endpoint: (name) => `${origin}/push/${name}`,
    received: (endpoint) => listOf(pathOf(endpoint)),
    waitFor: (endpoint, count = 1, timeoutMs = 10_000) => waitFor(pathOf(endpoint), count, timeoutMs),
    answer: (endpoint, status) => void statuses.set(pathOf(endpoint), status),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
