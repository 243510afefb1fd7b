/**
 * A fault proxy of our own (issue #24): listens on a loopback port and forwards each HTTP/1.1 request to the
 * server, one request per client connection (the clients send `Connection: close`). A seeded schedule picks,
 * by the request's ordinal, what happens to it:
 *
 * - `pass`: forwarded, the answer relayed;
 * - `delay`: held for some milliseconds, then passed;
 * - `drop`: forwarded whole, the server's whole answer read, then the client's socket destroyed without a
 *   byte of it — the operation happened and the client does not know;
 * - `cut`: part of the request forwarded, then both sockets destroyed — the server never saw a whole request,
 *   so nothing happened.
 *
 * A request that finds the server down (killed, restarting) has its client socket destroyed and counts as
 * `refused`. The schedule is a function of (seed, ordinal) only, so the first N requests meet the same faults
 * whichever client sends them: the counts of a run with at least N requests are known in advance.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export type FaultKind = 'pass' | 'delay' | 'drop' | 'cut';

export interface FaultSchedule {
  seed: number;
  /** Chances (0–1) of each fault per request; the rest pass. */
  drop: number;
  cut: number;
  delay: number;
  /** Longest delay in ms (a delay is 1…this). */
  maxDelayMs: number;
}

export type FaultCounts = Record<FaultKind | 'refused', number>;

export interface FaultProxy {
  url: string;
  port: number;
  /** Where requests go (the server's port); changed when the server restarts on another port. */
  setTarget(port: number): void;
  counts(): FaultCounts;
  close(): Promise<void>;
}

/** The largest request the proxy buffers (its clients send small JSON and one small image). */
const MAX_REQUEST_BYTES = 1024 * 1024;

/** A 32-bit mix of (seed, n): the same request ordinal gets the same fault in every run with that seed. */
function unit(seed: number, n: number, salt: number): number {
  let h =
    Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(n + 1, 0xc2b2ae35) ^ Math.imul(salt, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

/** What the schedule does to the request with ordinal `n` (and the delay, for `delay`). */
export function faultOf(schedule: FaultSchedule, n: number): { kind: FaultKind; delayMs: number } {
  const roll = unit(schedule.seed, n, 1);
  const delayMs = 1 + Math.floor(unit(schedule.seed, n, 2) * schedule.maxDelayMs);
  if (roll < schedule.drop) return { kind: 'drop', delayMs: 0 };
  if (roll < schedule.drop + schedule.cut) return { kind: 'cut', delayMs: 0 };
  if (roll < schedule.drop + schedule.cut + schedule.delay) return { kind: 'delay', delayMs };
  return { kind: 'pass', delayMs: 0 };
}

/** Length of a whole request in `data` (headers + Content-Length body), or null while more is to come. */
export function requestLength(data: Buffer): number | null {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const head = data.subarray(0, end).toString('latin1');
  if (/\r\ntransfer-encoding:/i.test(head))
    throw new Error('the fault proxy takes Content-Length bodies only');
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  const total = end + 4 + (length ? Number(length[1]) : 0);
  return data.length >= total ? total : null;
}

export async function startFaultProxy(targetPort: number, schedule: FaultSchedule): Promise<FaultProxy> {
  let target = targetPort;
  let ordinal = 0;
  const counts: FaultCounts = { pass: 0, delay: 0, drop: 0, cut: 0, refused: 0 };
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A peer that goes away is expected here; the other side is destroyed with it.
    socket.on('error', () => undefined);
  };

  const forward = (client: Socket, request: Buffer, kind: FaultKind) => {
    const upstream = connect(target, '127.0.0.1');
    track(upstream);
    let connected = false;
    upstream.on('connect', () => {
      connected = true;
      counts[kind] += 1;
      if (kind === 'cut') {
        // Less than the whole request: the server waits for the rest, then sees the connection end.
        upstream.write(request.subarray(0, Math.max(1, Math.floor(request.length / 2))), () => {
          upstream.destroy();
          client.destroy();
        });
        return;
      }
      upstream.write(request);
      if (kind === 'drop') {
        // Read the whole answer (the server closes after it: Connection: close), relay none of it.
        upstream.on('data', () => undefined);
        upstream.on('end', () => client.destroy());
      } else {
        upstream.pipe(client);
      }
    });
    upstream.on('close', () => {
      if (!connected) {
        counts.refused += 1;
        client.destroy();
      } else if (kind !== 'drop') client.end();
    });
    client.on('close', () => {
      // A client that gives up is not waited for; a dropped answer is still read to its end.
      if (kind !== 'drop') upstream.destroy();
    });
  };

  const server: Server = createServer((client) => {
    track(client);
    let data = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk: Buffer) => {
      if (started) return;
      data = Buffer.concat([data, chunk]);
      let length: number | null;
      try {
        length = requestLength(data);
      } catch {
        client.destroy();
        return;
      }
      if (length === null) {
        if (data.length > MAX_REQUEST_BYTES) client.destroy();
        return;
      }
      started = true;
      const request = data.subarray(0, length);
      const { kind, delayMs } = faultOf(schedule, ordinal++);
      // A delay holds the request (it is the fault, not a wait of the test).
      if (kind === 'delay') setTimeout(() => !client.destroyed && forward(client, request, kind), delayMs);
      else forward(client, request, kind);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    setTarget: (next) => void (target = next),
    counts: () => ({ ...counts }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
