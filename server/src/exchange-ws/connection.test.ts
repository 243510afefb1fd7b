import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type WebSocket from 'ws';
import type { ExchangeOrderMessage } from '../../../src/core/contract/trading';
import type { AuthService } from '../auth';
import type { OrderChange, TradingService } from '../trading';
import { ExchangeConnection, type ConnectionHub } from './connection';
import type { JournalEntry, Replay } from './journal';

/** The parts of a `ws` socket the connection uses, with a settable `bufferedAmount`. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: ExchangeOrderMessage[] = [];
  closedWith: number | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as ExchangeOrderMessage);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close', code, Buffer.from(''));
  }
  ping() {}
  terminate() {
    this.close(1006);
  }
}

const SUMMARY = {
  profitLossSum: '0',
  netValue: '0',
  securityDepositPrent: '0',
  securityDepositAvailableSum: '0',
};
const TOKEN = `x.${Buffer.from(JSON.stringify({ exp: 4_000_000_000 })).toString('base64url')}.y`;

/** The connection's parts that no test here varies: a session that checks out, an idle hub, the settings. */
const AUTH: Pick<AuthService, 'checkToken' | 'now'> = {
  now: () => Date.now(),
  checkToken: async () => ({
    ok: true,
    auth: { userId: '7', uid: '12345678', sessionId: 's1', virtual: false, brandId: 'tradekit' },
  }),
};
const HUB: ConnectionHub = { attach() {}, detach() {}, rebind() {}, reindex() {} };
const SETTINGS = {
  authTimeoutMs: 5000,
  conflateMs: 500,
  recheckMs: 30_000,
  heartbeatMs: 10_000,
  maxBufferedBytes: 1000,
  maxSocketsPerUser: 4,
  journalKeep: 500,
  journalKeepMs: 86_400_000,
};
const LOG = { debug() {}, error() {} } as unknown as FastifyBaseLogger;

describe('ExchangeConnection', () => {
  let socket: FakeSocket;
  let connection: ExchangeConnection;
  let snapshots = 0;

  beforeEach(async () => {
    vi.useFakeTimers();
    snapshots = 0;
    socket = new FakeSocket();
    const trading: TradingService = {
      onChange: () => () => undefined,
      symbolsOf: () => new Set(['BTCUSDT']),
      async snapshot() {
        snapshots += 1;
        const list = [{ id: String(snapshots) }] as ExchangeOrderMessage['list'];
        return {
          hold: { ordertype: 'holtOrder', virtual: false, list, summary: SUMMARY },
          pending: { ordertype: 'pendingOrder', virtual: false, list: [], summary: SUMMARY },
        };
      },
    };
    connection = new ExchangeConnection(socket as unknown as WebSocket, '12345678', {
      auth: AUTH,
      trading,
      settings: SETTINGS,
      hub: HUB,
      log: LOG,
      journal: { replay: async () => ({ resync: false, entries: [] }) },
      replayed() {},
    });
    socket.emit('message', Buffer.from(JSON.stringify({ token: TOKEN })), false);
    await vi.advanceTimersByTimeAsync(0);
  });
  afterEach(() => {
    connection.end(1000, 'done');
    vi.useRealTimers();
  });

  it('sends the two snapshots once the token is accepted', () => {
    expect(socket.sent.map((m) => m.ordertype)).toEqual(['holtOrder', 'pendingOrder']);
  });

  it('pushes price moves at most once per conflation period', async () => {
    for (let i = 0; i < 20; i += 1) {
      connection.price();
      await vi.advanceTimersByTimeAsync(50);
    }
    // 1 s of moves after the first push at 0: one push at 500 ms and one at 1000 ms.
    expect(socket.sent.length / 2 - 1).toBe(2);
  });

  it('holds pushes while the peer reads slowly and then sends only the latest state, keeping events', async () => {
    socket.bufferedAmount = 5000;
    const event: NonNullable<OrderChange['event']> = { kind: 'stop_loss', orderId: '9' };
    connection.change(event);
    connection.change();
    connection.price();
    await vi.advanceTimersByTimeAsync(2000);
    expect(socket.sent).toHaveLength(2);
    socket.bufferedAmount = 0;
    await vi.advanceTimersByTimeAsync(500);
    const after = socket.sent.slice(2);
    expect(after.filter((m) => m.event)).toEqual([
      expect.objectContaining({ ordertype: 'holtOrder', event }),
    ]);
    expect(after).toHaveLength(2);
    expect(snapshots).toBe(2);
  });

  it('closes with 4401 when no token arrives in time', async () => {
    const late = new FakeSocket();
    const deps = (connection as unknown as { deps: ConstructorParameters<typeof ExchangeConnection>[2] })
      .deps;
    new ExchangeConnection(late as unknown as WebSocket, '12345678', deps);
    await vi.advanceTimersByTimeAsync(5000);
    expect(late.closedWith).toBe(4401);
  });
});

describe('ExchangeConnection replay (RP3)', () => {
  const note = (seq: number, virtual: boolean | null = null): JournalEntry => ({
    seq,
    virtual,
    frame: { ordertype: 'notification', unread: seq, id: `n${seq}` },
  });

  /** A socket whose journal read waits for `answer`; `since` is what its first message sends. */
  async function openReplaying(since: number | null) {
    const socket = new FakeSocket();
    let answer: (replay: Replay) => void = () => undefined;
    const replayed: string[] = [];
    const connection = new ExchangeConnection(socket as unknown as WebSocket, '12345678', {
      auth: AUTH,
      trading: {
        onChange: () => () => undefined,
        symbolsOf: () => new Set<string>(),
        snapshot: async () => ({
          hold: { ordertype: 'holtOrder', virtual: false, list: [], summary: SUMMARY },
          pending: { ordertype: 'pendingOrder', virtual: false, list: [], summary: SUMMARY },
        }),
      },
      settings: SETTINGS,
      hub: HUB,
      log: LOG,
      journal: {
        replay: (_userId, asked) => {
          expect(asked).toBe(since);
          return new Promise<Replay>((resolve) => (answer = resolve));
        },
      },
      replayed: (userId) => void replayed.push(userId),
    });
    const first = since === null ? { token: TOKEN } : { token: TOKEN, since };
    socket.emit('message', Buffer.from(JSON.stringify(first)), false);
    await tick();
    const numbered = () =>
      (socket.sent as unknown as Array<{ ordertype: string; seq?: number }>)
        .filter((m) => m.seq !== undefined)
        .map((m) => [m.seq, m.ordertype]);
    return { connection, answer: (replay: Replay) => answer(replay), replayed, numbered };
  }
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  it('sends an event committed while the journal is read once, after the replay, in order', async () => {
    const { connection, answer, replayed, numbered } = await openReplaying(2);
    // While the journal is read: 4 committed (the replay has it too), 5 committed after the read began.
    connection.deliver(note(4));
    connection.deliver(note(5));
    // An event of the demo account: this real socket gets only its number.
    connection.deliver(note(6, true));
    expect(numbered()).toEqual([]);
    answer({ resync: false, entries: [note(3), note(4)] });
    await tick();
    connection.deliver(note(5));
    connection.deliver(note(7));
    await tick();
    expect(numbered()).toEqual([
      [3, 'notification'],
      [4, 'notification'],
      [5, 'notification'],
      [6, 'skipped'],
      [7, 'notification'],
    ]);
    expect(replayed).toEqual(['7']);
    connection.end(1000, 'done');
  });

  it('a first socket gets an event committed while its head is read: the mark goes back to before it', async () => {
    // The trader writes to support as the page's socket opens: the event is committed before the head is read
    // (the head counts it) but heard live after the socket was attached. It was lost once (support's live inbox).
    const { connection, answer, replayed, numbered } = await openReplaying(null);
    connection.deliver(note(6));
    answer({ resync: true, head: 6 });
    await tick();
    connection.deliver(note(7));
    await tick();
    expect(numbered()).toEqual([
      [5, 'resync'],
      [6, 'notification'],
      [7, 'notification'],
    ]);
    expect(replayed).toEqual([]);
    connection.end(1000, 'done');
  });

  it('a first socket that heard nothing while its head was read goes on from the head', async () => {
    const { connection, answer, numbered } = await openReplaying(null);
    answer({ resync: true, head: 6 });
    await tick();
    connection.deliver(note(6));
    connection.deliver(note(7));
    await tick();
    expect(numbered()).toEqual([
      [6, 'resync'],
      [7, 'notification'],
    ]);
    connection.end(1000, 'done');
  });
});
