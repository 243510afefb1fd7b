// RabbitMQ mode against a real throw-away node (Debian's rabbitmq-server with Web-STOMP and the event exchange):
// what the server publishes reaches browsers' subscriptions of the same destinations, a late subscriber gets the
// current value at once, the browsers' user cannot publish, and the link comes back after its connection is lost.
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { Client, type IMessage } from '@stomp/stompjs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  findRabbitmqBin,
  startTempRabbitmq,
  type TempRabbitmq,
} from '../../../../scripts/lib/temp-rabbitmq.mjs';
import { Topic } from '../../../../src/core/contract/paths';
import { buildTestApp } from '../../testing';
import type { RabbitmqBroker } from './link';

const ADMIN_TOKEN = 'rabbitmq-test-admin-token-01';
const WEDNESDAY = Date.parse('2026-03-11T12:00:00Z');
const clock = { now: WEDNESDAY };
/** The simulator's round, given to the market below: each instrument ticks at most once a round. */
const ROUND_MS = 500;

let node: TempRabbitmq;
let app: FastifyInstance;
let line: Awaited<ReturnType<typeof startLine>>;
const clients: Client[] = [];

/**
 * The server's line to RabbitMQ's Web-STOMP port, which the test can cut and keep cut: a TCP pass-through on
 * loopback. Each rabbitmqctl call boots an Erlang VM, seconds of CPU on a busy machine: the three the link test
 * made (suspend the listeners, close the connections, resume) ran it past its 30-s budget in a full run (TR75).
 */
async function startLine(targetPort: number) {
  const pairs = new Set<[Socket, Socket]>();
  let open = true;
  const server = createServer((client) => {
    if (!open) return void client.destroy();
    const upstream = connect(targetPort, '127.0.0.1');
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    for (const socket of pair) socket.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    /** Drop every connection through the line and refuse new ones until `restore()`. */
    cut() {
      open = false;
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    restore() {
      open = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser-like client: no credentials (Web-STOMP's default, read-only user), as the widgets connect. */
function browserClient(): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client = new Client({
      webSocketFactory: () => new WebSocket(node.publicUrl, ['v12.stomp']),
      reconnectDelay: 0,
      debug: () => undefined,
      onConnect: () => resolve(client),
      onWebSocketError: () => reject(new Error('socket error')),
    });
    clients.push(client);
    client.activate();
  });
}

/** The messages of one subscription, awaited one by one. */
function inbox(client: Client, destination: string) {
  const messages: IMessage[] = [];
  let wake: (() => void) | undefined;
  const subscription = client.subscribe(destination, (message) => {
    messages.push(message);
    wake?.();
  });
  return {
    subscription,
    async next(): Promise<unknown> {
      while (messages.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      return JSON.parse(messages.shift()!.body) as unknown;
    },
  };
}

/**
 * Moves the market one round at a time until `symbol` ticks: the simulator ticks each instrument at random moments,
 * at most once a round, so a fixed step may bring no tick of it or two (which history came before decides).
 */
function stepUntilTick(symbol: string): void {
  let ticked = false;
  const stop = app.market.source.onTick((tick) => {
    if (tick.symbol === symbol) ticked = true;
  });
  try {
    for (let round = 0; !ticked; round += 1) {
      if (round === 600) throw new Error(`${symbol} did not tick in 600 rounds`);
      clock.now += ROUND_MS;
      app.market.source.stepTo(clock.now);
    }
  } finally {
    stop();
  }
}

async function health() {
  const res = await app.inject({
    method: 'GET',
    url: '/admin/v1/health',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  return res.json().data as { problems: string[]; broker: { kind: string; link: Record<string, unknown> } };
}

beforeAll(async () => {
  const binDir = findRabbitmqBin();
  if (!binDir) {
    throw new Error(
      'RabbitMQ mode tests need RabbitMQ. Install it (Debian: apt-get install rabbitmq-server); it is not started as a service.',
    );
  }
  node = await startTempRabbitmq(binDir);
  const direct = new URL(node.url);
  line = await startLine(Number(direct.port));
  direct.port = String(line.port);
  app = await buildTestApp({
    adminToken: ADMIN_TOKEN,
    clock: { now: () => clock.now },
    market: { seed: 7, autostart: false, tickMs: ROUND_MS },
    broker: { rabbitmq: { url: direct.toString(), reconnectDelayMs: 100 } },
  });
  await app.ready();
  await (app.broker as RabbitmqBroker).whenConnected();
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.deactivate()));
  await app?.close();
  await line?.close();
  node?.stop();
}, 60_000);

describe('the market in RabbitMQ mode', () => {
  it('gives a late subscriber the current price at once, then what the server publishes', async () => {
    const browser = await browserClient();
    const prices = inbox(browser, Topic.prices);
    // Nothing ticks (autostart off): the first message can only be the snapshot of the book as it is.
    const snapshot = (await prices.next()) as Array<{ symbol: string }>;
    expect(snapshot).toEqual(JSON.parse(JSON.stringify(app.market.book.entries(clock.now))));
    expect(snapshot.length).toBe(app.market.instruments.length);

    const price = inbox(browser, Topic.price('BTCUSDT'));
    expect(await price.next()).toEqual(
      JSON.parse(JSON.stringify(app.market.book.entry('BTCUSDT', clock.now))),
    );

    stepUntilTick('BTCUSDT');
    const published = await price.next();
    expect(published).toEqual(JSON.parse(JSON.stringify(app.market.book.entry('BTCUSDT', clock.now))));
    app.market.publisher.publishPrices();
    expect(await prices.next()).toEqual(JSON.parse(JSON.stringify(app.market.book.entries(clock.now))));
  });

  it('delivers the forming candle to a new subscriber and each tick after it, no duplicate to the others', async () => {
    const [first, second] = [await browserClient(), await browserClient()];
    const destination = Topic.kline('ETHUSDT', '1min');
    const early = inbox(first, destination);
    const forming = await early.next();
    expect(forming).toEqual(JSON.parse(JSON.stringify(app.market.klines.forming('ETHUSDT', '1min'))));
    const late = inbox(second, destination);
    expect(await late.next()).toEqual(forming);

    stepUntilTick('ETHUSDT');
    const after = JSON.parse(JSON.stringify(app.market.klines.forming('ETHUSDT', '1min')));
    // The early subscriber's next message is the tick's candle, not a copy of the late one's snapshot.
    expect(await early.next()).toEqual(after);
    expect(await late.next()).toEqual(after);
  });

  it("refuses the browsers' user a SEND and keeps its subscriptions possible", async () => {
    const listener = await browserClient();
    const prices = inbox(listener, Topic.prices);
    await prices.next(); // the snapshot
    // RabbitMQ answers a SEND the user may not write with the end of the connection: nothing is routed.
    const sender = await browserClient();
    const closed = new Promise<void>((resolve) => (sender.onWebSocketClose = () => resolve()));
    sender.publish({ destination: Topic.prices, body: '"forged"' });
    await closed;
    // The listener's next message is the server's publish, never the forged body.
    app.market.publisher.publishPrices();
    expect(await prices.next()).toEqual(JSON.parse(JSON.stringify(app.market.book.entries(clock.now))));
    const again = await browserClient();
    expect(await inbox(again, Topic.price('ETHUSDT')).next()).toMatchObject({ symbol: 'ETHUSDT' });
  });

  it('reports the link in the health check, names it while it is lost, and reconnects', async () => {
    expect(await health()).toMatchObject({
      broker: { kind: 'rabbitmq', link: { connected: true, reconnects: 0, error: null } },
    });
    const broker = app.broker as RabbitmqBroker;
    // The line cut and kept cut, the link cannot come back until it is restored: its down state is there to see.
    line.cut();
    while (broker.link!().connected) await new Promise((resolve) => setImmediate(resolve));
    const down = await health();
    expect(down.problems).toContain('broker');
    expect(down.broker.link).toMatchObject({ connected: false, error: expect.any(String) });
    line.restore();
    await broker.whenConnected();
    const report = await health();
    expect(report.problems).not.toContain('broker');
    expect(report.broker.link).toMatchObject({ connected: true, reconnects: 1 });
    expect(JSON.stringify(report)).not.toContain(node.publisherPassword);
    // Back up, a new subscriber gets its snapshot again.
    const browser = await browserClient();
    expect(await inbox(browser, Topic.symbolPrices('BTCUSDT')).next()).toMatchObject({ symbol: 'BTCUSDT' });
  });
});
