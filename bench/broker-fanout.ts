/**
 * Fan-out benchmark of the market broker: (A) our STOMP broker, (B) a bare `ws` server sending the same frame
 * bytes and (C) RabbitMQ's Web-STOMP fed by the server's RabbitMQ link (RQ7), each to CLIENTS real WebSocket
 * clients living in a child process. Publishing runs at
 * full speed within a window of WINDOW messages ahead of the slowest client (so neither side conflates
 * nor buffers without bound); the rate is delivered messages per second until every client has all.
 *
 * The sides alternate for BENCH_ROUNDS rounds and each reports its best round, which damps the noise of
 * a shared machine.
 *
 * Then the paced run of issue #24, ours and RabbitMQ side by side: 4 KB bodies published at BENCH_PACED_HZ (10)
 * for BENCH_PACED_SECONDS (10) to the same CLIENTS subscribers; deliveries per second (from the first publish
 * to the last delivery) and the latency of every delivery (publish to the client's parse: p50, p99, max).
 * The RabbitMQ node is a throw-away one (scripts/lib/temp-rabbitmq.mjs), started and stopped by this run.
 *
 *   npx tsx bench/broker-fanout.ts   env: BENCH_CLIENTS (1000) BENCH_MESSAGES (150) BENCH_WINDOW (16) BENCH_ROUNDS (2)
 *                                         BENCH_PACED_HZ (10) BENCH_PACED_SECONDS (10)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { findRabbitmqBin, startTempRabbitmq } from '../scripts/lib/temp-rabbitmq.mjs';
import { buildApp } from '../server/src/app';
import { createRabbitmqBroker, type RabbitmqBroker } from '../server/src/broker/rabbitmq/link';
import { encodeMessage } from '../server/src/broker/frame';
import { pricesBody } from './broker/prices-body';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 150);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARMUP = 2 * WINDOW;
const DESTINATION = '/topic/prices';
const BODIES = Array.from({ length: 32 }, (_, tick) => pricesBody(tick));
const PACED_HZ = Number(process.env.BENCH_PACED_HZ ?? 10);
const PACED_SECONDS = Number(process.env.BENCH_PACED_SECONDS ?? 10);
const PACED_BODY_BYTES = 4096;

interface Phase {
  url: string;
  mode: 'stomp' | 'raw';
  publish: (seq: number) => void;
  /** STOMP `host` header: RabbitMQ takes it for the virtual host. */
  host?: string;
}

/** Starts the client process and resolves once every client is subscribed. */
async function startClients(
  url: string,
  mode: Phase['mode'],
  expected = WARMUP + MESSAGES,
  host = 'bench',
): Promise<ChildProcess> {
  const child = fork(
    new URL('./broker/clients.ts', import.meta.url),
    [url, mode, String(CLIENTS), String(expected), host],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the client process exited (${code}) before all ${CLIENTS} clients subscribed`);
  });
  const [message] = (await Promise.race([once(child, 'message'), exited])) as [{ type: string }];
  if (message.type !== 'ready') throw new Error(`clients: ${JSON.stringify(message)}`);
  return child;
}

/** Rejects when the client process ends while the parent still waits on it (else the pump waits forever). */
function exitsEarly(child: ChildProcess): Promise<never> {
  return new Promise((_resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the client process exited (${code}) mid-run`)));
  });
}

/** Publishes messages `from+1 … to`, never more than WINDOW ahead of the slowest client. */
function pump(child: ChildProcess, publish: Phase['publish'], from: number, to: number): Promise<void> {
  return new Promise((resolve) => {
    let acked = from;
    let published = from;
    const fill = () => {
      while (published < to && published - acked < WINDOW) publish(++published);
    };
    const onMessage = (message: { type: string; n: number }) => {
      if (message.type !== 'progress') return;
      acked = message.n;
      if (acked >= to) {
        child.off('message', onMessage);
        resolve();
      } else fill();
    };
    child.on('message', onMessage);
    fill();
  });
}

/** Runs one side and returns delivered messages per second. */
async function run({
  url,
  mode,
  publish,
  host,
}: Phase): Promise<{ msgsPerSec: number; elapsedMs: number; cpuNsPerMsg: number }> {
  const clients = await startClients(url, mode, WARMUP + MESSAGES, host);
  const early = exitsEarly(clients);
  await Promise.race([pump(clients, publish, 0, WARMUP), early]);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.race([pump(clients, publish, WARMUP, WARMUP + MESSAGES), early]);
  early.catch(() => undefined);
  const cpu = process.cpuUsage(cpuBefore);
  const elapsedMs = performance.now() - started;
  clients.send({ type: 'close' });
  await once(clients, 'exit');
  const delivered = CLIENTS * MESSAGES;
  return {
    msgsPerSec: Math.round(delivered / (elapsedMs / 1000)),
    elapsedMs: Math.round(elapsedMs),
    // Server-process CPU per delivered message: steadier than wall time on a shared machine.
    cpuNsPerMsg: Math.round(((cpu.user + cpu.system) * 1000) / delivered),
  };
}

/**
 * The broker as the server runs it: the whole app (its admin guard, its routes), with the market simulator
 * off so that only the benchmark publishes, and every client allowed from the one loopback address.
 */
function brokerApp(): Promise<FastifyInstance> {
  return buildApp({
    dataDir: 'memory://',
    modules: { market: false },
    broker: { heartbeatMs: 0, maxConnectionsPerAddress: CLIENTS },
  });
}

async function brokerSide(app: FastifyInstance) {
  const { port } = app.server.address() as AddressInfo;
  const before = app.broker.stats().conflated;
  const result = await run({
    url: `ws://127.0.0.1:${port}/market-ws`,
    mode: 'stomp',
    publish: (seq) => app.broker.publish(DESTINATION, BODIES[seq % BODIES.length] as string),
  });
  return { ...result, stats: { conflated: app.broker.stats().conflated - before } };
}

async function rawSide() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await once(wss, 'listening');
  const { port } = wss.address() as AddressInfo;
  const frames = BODIES.map((body) => Buffer.from(body, 'utf8'));
  try {
    return await run({
      url: `ws://127.0.0.1:${port}/`,
      mode: 'raw',
      publish: (seq) => {
        const frame = encodeMessage(DESTINATION, 'sub-0', String(seq), frames[seq % frames.length] as Buffer);
        for (const ws of wss.clients) ws.send(frame, { binary: false });
      },
    });
  } finally {
    for (const ws of wss.clients) ws.terminate();
    wss.close();
  }
}

/** A 4 KB JSON body stamped with the time of its publish (ms since the epoch, to the µs). */
function pacedBody(seq: number): string {
  const head = `{"sentAt":${(performance.timeOrigin + performance.now()).toFixed(3)},"seq":${seq},"pad":"`;
  return `${head}${'x'.repeat(PACED_BODY_BYTES - head.length - 2)}"}`;
}

/** The next IPC message of `type` from the client process. */
function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: { type: string }) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      resolve(message as T);
    };
    child.on('message', onMessage);
  });
}

/** The paced run against one broker: PACED_HZ publishes a second for PACED_SECONDS, every delivery timed. */
async function paced(url: string, host: string, publish: (body: string) => void) {
  const total = PACED_HZ * PACED_SECONDS;
  const clients = await startClients(url, 'stomp', total, host);
  const early = exitsEarly(clients);
  const allDelivered = new Promise<void>((resolve) => {
    const onMessage = (message: { type: string; n: number }) => {
      if (message.type !== 'progress' || message.n < total) return;
      clients.off('message', onMessage);
      resolve();
    };
    clients.on('message', onMessage);
  });
  const started = performance.now();
  let seq = 0;
  const timer = setInterval(() => {
    publish(pacedBody(++seq));
    if (seq >= total) clearInterval(timer);
  }, 1000 / PACED_HZ);
  // A broker that loses messages never completes: its run ends half a minute after the last publish.
  let giveUp: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>(
    (resolve) => (giveUp = setTimeout(resolve, PACED_SECONDS * 1000 + 30_000)),
  );
  await Promise.race([allDelivered, early, deadline]);
  clearTimeout(giveUp);
  clearInterval(timer);
  const elapsedMs = performance.now() - started;
  early.catch(() => undefined);
  const asked = nextMessage<{ samples: number; p50: number; p99: number; max: number }>(clients, 'latency');
  clients.send({ type: 'latency' });
  const latency = await asked;
  clients.send({ type: 'close' });
  await once(clients, 'exit');
  const round = (ms: number) => Number(ms.toFixed(1));
  return {
    delivered: latency.samples,
    expected: total * CLIENTS,
    deliveriesPerSec: Math.round(latency.samples / (elapsedMs / 1000)),
    p50Ms: round(latency.p50),
    p99Ms: round(latency.p99),
    maxMs: round(latency.max),
  };
}

const brokerRuns: Array<Awaited<ReturnType<typeof brokerSide>>> = [];
const rawRuns: Array<Awaited<ReturnType<typeof rawSide>>> = [];
const rabbitRuns: Array<Awaited<ReturnType<typeof run>>> = [];
let pacedOurs: Awaited<ReturnType<typeof paced>> | undefined;
let pacedRabbit: Awaited<ReturnType<typeof paced>> | undefined;
const rabbitBin = findRabbitmqBin();
if (!rabbitBin)
  throw new Error('The fan-out benchmark needs RabbitMQ (Debian: apt-get install rabbitmq-server).');
const app = await brokerApp();
const node = await startTempRabbitmq(rabbitBin);
let link: RabbitmqBroker | undefined;
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  link = createRabbitmqBroker({ url: node.url, heartbeatMs: 0, log: { info: () => {}, warn: console.warn } });
  await link.whenConnected();
  const rabbitLink = link;
  for (let round = 0; round < ROUNDS; round++) {
    brokerRuns.push(await brokerSide(app));
    rawRuns.push(await rawSide());
    rabbitRuns.push(
      await run({
        url: node.publicUrl,
        mode: 'stomp',
        host: '/',
        publish: (seq) => rabbitLink.publish(DESTINATION, BODIES[seq % BODIES.length] as string),
      }),
    );
  }
  pacedOurs = await paced(
    `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/market-ws`,
    'bench',
    (body) => app.broker.publish(DESTINATION, body),
  );
  pacedRabbit = await paced(node.publicUrl, '/', (body) => rabbitLink.publish(DESTINATION, body));
} finally {
  await link?.close();
  await app.close();
  node.stop();
}
const best = <T extends { msgsPerSec: number }>(runs: T[]): T =>
  runs.reduce((a, b) => (b.msgsPerSec > a.msgsPerSec ? b : a));
const broker = best(brokerRuns);
const raw = best(rawRuns);
const rabbit = best(rabbitRuns);
const frameBytes = encodeMessage(DESTINATION, 'sub-0', '1', Buffer.from(BODIES[0] as string)).length;
console.log(
  JSON.stringify({
    clients: CLIENTS,
    messages: MESSAGES,
    window: WINDOW,
    bodyBytes: Buffer.byteLength(BODIES[0] as string),
    frameBytes,
    brokerRounds: brokerRuns.map((r) => r.msgsPerSec),
    rawRounds: rawRuns.map((r) => r.msgsPerSec),
    conflated: brokerRuns.reduce((sum, r) => sum + r.stats.conflated, 0),
    brokerCpuNsPerMsg: Math.min(...brokerRuns.map((r) => r.cpuNsPerMsg)),
    rawCpuNsPerMsg: Math.min(...rawRuns.map((r) => r.cpuNsPerMsg)),
    brokerMsgsPerSec: broker.msgsPerSec,
    rawMsgsPerSec: raw.msgsPerSec,
    ratio: Number((broker.msgsPerSec / raw.msgsPerSec).toFixed(3)),
    rabbitRounds: rabbitRuns.map((r) => r.msgsPerSec),
    rabbitMsgsPerSec: rabbit.msgsPerSec,
    rabbitRatio: Number((broker.msgsPerSec / rabbit.msgsPerSec).toFixed(3)),
    rabbitStartMs: node.startMs,
    paced: {
      hz: PACED_HZ,
      seconds: PACED_SECONDS,
      bodyBytes: PACED_BODY_BYTES,
      ours: pacedOurs,
      rabbitmq: pacedRabbit,
    },
  }),
);
