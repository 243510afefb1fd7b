/**
 * The real stompjs client against a tiny in-test STOMP 1.2 broker on a loopback ws server: proves the
 * feed's wiring (socket factory, CONNECT, SUBSCRIBE inside onConnect, JSON bodies, UNSUBSCRIBE, our own
 * reconnect) works in Node, not just against the fake client.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Versions } from '@stomp/stompjs';
import type { IStompSocket } from '@stomp/stompjs';
import WebSocket, { WebSocketServer } from 'ws';
import type { MarketFeed } from '../runtime/types';
import { createMarketFeed } from './market-feed';

interface Frame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

function encode(command: string, headers: Record<string, string>, body = ''): string {
  const lines = Object.entries(headers).map(([k, v]) => `${k}:${v}`);
  return `${command}\n${lines.join('\n')}\n\n${body}\0`;
}

function decode(chunk: string): Frame[] {
  return chunk
    .split('\0')
    .map((raw) => raw.replace(/^[\r\n]+/, ''))
    .filter((raw) => raw.length > 0)
    .map((raw) => {
      const [head = '', ...rest] = raw.split('\n\n');
      const [command = '', ...lines] = head.split('\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1)]),
      );
      return { command, headers, body: rest.join('\n\n') };
    });
}

/** A broker that knows CONNECT, SUBSCRIBE, UNSUBSCRIBE and DISCONNECT, and publishes on demand. */
async function startBroker(port = 0) {
  const server = new WebSocketServer({ host: '127.0.0.1', port });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const log: string[] = [];
  const subs = new Map<WebSocket, Map<string, string>>();
  let sequence = 0;
  server.on('connection', (socket) => {
    subs.set(socket, new Map());
    socket.on('close', () => subs.delete(socket));
    socket.on('message', (data) => {
      for (const frame of decode(data.toString())) {
        log.push(`${frame.command} ${frame.headers.destination ?? frame.headers.id ?? ''}`.trim());
        if (frame.command === 'CONNECT' || frame.command === 'STOMP') {
          socket.send(encode('CONNECTED', { version: '1.2', 'heart-beat': '0,0' }));
        } else if (frame.command === 'SUBSCRIBE') {
          subs.get(socket)?.set(frame.headers.id ?? '', frame.headers.destination ?? '');
        } else if (frame.command === 'UNSUBSCRIBE') {
          subs.get(socket)?.delete(frame.headers.id ?? '');
        } else if (frame.command === 'DISCONNECT') {
          if (frame.headers.receipt) socket.send(encode('RECEIPT', { 'receipt-id': frame.headers.receipt }));
          socket.close();
        }
      }
    });
  });
  const bound = (server.address() as { port: number }).port;
  return {
    port: bound,
    url: `ws://127.0.0.1:${bound}/market-ws`,
    log,
    subscribed: () => [...subs.values()].flatMap((m) => [...m.values()]),
    publish(destination: string, body: unknown) {
      const text = JSON.stringify(body);
      for (const [socket, bySub] of subs) {
        for (const [id, dest] of bySub) {
          if (dest !== destination) continue;
          const headers = { destination, subscription: id, 'message-id': String(sequence++) };
          socket.send(encode('MESSAGE', { ...headers, 'content-type': 'application/json' }, text));
        }
      }
    },
    dropAll: () => server.clients.forEach((socket) => socket.terminate()),
    close: () =>
      new Promise<void>((resolve) => {
        server.clients.forEach((socket) => socket.terminate());
        server.close(() => resolve());
      }),
  };
}

let cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe('market feed on a real STOMP-over-WebSocket server', () => {
  it('receives JSON messages, re-subscribes after a dropped socket and unsubscribes', async () => {
    const broker = await startBroker();
    cleanup.push(broker.close);
    const feed: MarketFeed = createMarketFeed({
      url: () => broker.url,
      webSocketFactory: (url) =>
        new WebSocket(url, Versions.default.protocolVersions()) as unknown as IStompSocket,
    });
    cleanup.push(() => feed.close());
    const got: unknown[] = [];
    const off = feed.subscribe<Array<{ symbol: string }>>('/topic/prices', (body) => got.push(body));

    await vi.waitFor(() => expect(broker.subscribed()).toEqual(['/topic/prices']));
    expect(feed.getState()).toMatchObject({ status: 'open', attempt: 0 });
    broker.publish('/topic/prices', [{ symbol: 'EURUSD', price: '1.08412' }]);
    await vi.waitFor(() => expect(got).toEqual([[{ symbol: 'EURUSD', price: '1.08412' }]]));

    broker.dropAll();
    await vi.waitFor(() =>
      expect(feed.getState()).toMatchObject({ status: 'reconnecting', connectionLost: true }),
    );
    await vi.waitFor(() => expect(broker.subscribed()).toEqual(['/topic/prices']), { timeout: 3000 });
    expect(feed.getState()).toMatchObject({ status: 'open', attempt: 0 });
    broker.publish('/topic/prices', [{ symbol: 'EURUSD', price: '1.08415' }]);
    await vi.waitFor(() => expect(got).toHaveLength(2));
    expect(feed.getState().connectionLost).toBe(false);

    off();
    await vi.waitFor(() => expect(broker.subscribed()).toEqual([]));
    expect(broker.log.filter((line) => line.startsWith('CONNECT'))).toHaveLength(2);
    expect(broker.log.filter((line) => line.startsWith('UNSUBSCRIBE'))).toHaveLength(1);
  });

  it('counts refused connections as reconnect attempts with the real client and recovers when the broker is back', async () => {
    const probe = await startBroker();
    const url = probe.url;
    await probe.close();
    const feed = createMarketFeed({
      url: () => url,
      webSocketFactory: (u) =>
        new WebSocket(u, Versions.default.protocolVersions()) as unknown as IStompSocket,
    });
    cleanup.push(() => feed.close());
    feed.subscribe('/topic/prices', () => undefined);
    await vi.waitFor(() => expect(feed.getState()).toMatchObject({ status: 'reconnecting', attempt: 2 }), {
      timeout: 3000,
    });
    expect(feed.getState().connectionLost).toBe(true);
    const broker = await startBroker(probe.port);
    cleanup.push(broker.close);
    await vi.waitFor(() => expect(broker.subscribed()).toEqual(['/topic/prices']), { timeout: 4000 });
    expect(feed.getState()).toMatchObject({ status: 'open', attempt: 0 });
  });
});
