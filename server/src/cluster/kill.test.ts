/**
 * Three server processes on one PostgreSQL schema, one SIGKILLed mid-load (issue #24, decision MP19): the one
 * holding the `market` lease, the hardest case (its prices, and every job that runs beside them, move to another
 * process). Traders place orders with stop losses, 3-second options and keyed wallet transfers on all three
 * processes and each holds an exchange socket on one. Afterwards: no acknowledged order or transfer lost, none
 * twice; every stop closes exactly once when the price is pinned through it; every option settles exactly once;
 * every socket of the killed process is back on a live one with its lists; the ledger is conserved.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import {
  call,
  FollowingSocket,
  KILL_ADMIN_TOKEN as ADMIN,
  startProcess,
  Unanswered,
  type ServerProcess,
} from './kill-harness';

const TRADERS = 6;
const ORDERS_PER_TRADER = 4;
const TRANSFERS_PER_TRADER = 3;
const OPTION_SECONDS = 3;
const STOP = '99000.00';
const STILL_PROCESSING = 23_552;

interface Trader {
  n: number;
  uid: string;
  userId: string;
  token: string;
  /** Order numbers acknowledged (an answer, or found on a re-read after a lost one). */
  orders: string[];
  /** Keys of transfers acknowledged, with their uid. */
  transfers: Array<{ key: string; uid: string }>;
  options: string[];
  socket?: FollowingSocket;
}

describeOnBackends(
  'three server processes, the market holder SIGKILLed mid-load',
  { on: 'postgresOnly' },
  (backend) => {
    let database: TestDatabase;
    let db: pg.Client;
    const servers: ServerProcess[] = [];
    const live = () => servers.filter((s) => s.alive);
    const traders: Trader[] = [];

    beforeAll(async () => {
      database = await backend.create();
      db = new pg.Client({ connectionString: database.databaseUrl });
      await db.connect();
      // Migrations and the first history serialise on the database: the three start side by side.
      servers.push(
        ...(await Promise.all([0, 1, 2].map((n) => startProcess(n, database.databaseUrl as string)))),
      );
    }, 120_000);
    afterAll(async () => {
      for (const trader of traders) trader.socket?.close();
      for (const server of servers) server.child.kill('SIGKILL');
      await Promise.all(servers.map((s) => s.exited));
      await db?.end();
      await database?.cleanup();
    });

    /** A health report of each live process, in order. */
    const healths = () =>
      Promise.all(
        live().map(async (s) => ({
          server: s,
          cluster: (
            await call<{ cluster: { held: string[]; members: number } }>(s.base, '/admin/v1/health', {
              token: ADMIN,
            })
          ).data.cluster,
        })),
      );
    /** Resolves when `check` holds on a fresh look (each look is a round of requests, never a fixed sleep). */
    const until = async (check: () => Promise<boolean>, what: string, ms = 20_000) => {
      const deadline = performance.now() + ms;
      while (!(await check().catch(() => false))) {
        if (performance.now() > deadline) throw new Error(`never: ${what}`);
        await db.query('select 1');
      }
    };
    /** The process that holds the market lease, once exactly one live process does. */
    const marketHolder = async (members: number) => {
      let holder: ServerProcess | undefined;
      await until(async () => {
        const reports = await healths();
        const holders = reports.filter((r) => r.cluster.held.includes('market'));
        holder = holders[0]?.server;
        return holders.length === 1 && reports.every((r) => r.cluster.members === members);
      }, `one market holder among ${members}`);
      return holder as ServerProcess;
    };
    /** Sends to `server`, else (the same request, its key too) to the next live process while unanswered. */
    const send = async <T>(
      start: number,
      attempt: (server: ServerProcess) => Promise<{ code: number; data: T }>,
    ): Promise<{ code: number; data: T }> => {
      for (let i = start; ; i += 1) {
        const server = live()[i % live().length] as ServerProcess;
        try {
          const answer = await attempt(server);
          if (answer.code !== STILL_PROCESSING) return answer;
        } catch (error) {
          if (!(error instanceof Unanswered) || i - start > 40) throw error;
        }
      }
    };
    const pin = (bid: string, via: ServerProcess) =>
      call(via.base, '/admin/v1/market/BTCUSDT/price', { token: ADMIN, body: { bid } });

    let doomed: ServerProcess;
    let survivor: ServerProcess;
    let productId = 0;

    it(
      'starts three processes with one market holder, a 3-second option product and traders on each',
      { timeout: 60_000 },
      async () => {
        const [first] = servers as [ServerProcess];
        doomed = await marketHolder(3);
        expect((await pin('100000.00', first)).code).toBe(0);
        // The shortest delivery time the option rules allow is the product's: the test's product delivers in 3 s.
        const products = await call<{ optionsProducts: Array<{ id: number }> }>(
          first.base,
          '/v1/wa-na/option/findOptionsProduct',
          { body: { productCode: 'BTCUSDT' } },
        );
        productId = products.data.optionsProducts[0]?.id as number;
        const payload = { [OPTION_SECONDS]: `${OPTION_SECONDS}|82^10|50|100|500^5000|10` };
        expect(
          (
            await call(first.base, `/admin/v1/options/products/${productId}`, {
              token: ADMIN,
              body: { timeRatePayload: payload },
            })
          ).code,
        ).toBe(0);

        // ── Traders: signed up through the dev outbox, each on its own process, funded by the admin API ──
        for (let n = 0; n < TRADERS; n += 1) {
          const server = servers[n % 3] as ServerProcess;
          const ip = `10.24.9.${n + 1}`;
          const email = `kill${n}@example.test`;
          const password = `Kill-pass-${n}-x9`;
          expect(
            (await call(server.base, '/v1/wa-na/sendMail', { ip, body: { email, type: '1', locale: 'en' } }))
              .code,
          ).toBe(0);
          const outbox = await call<Array<{ code: string | null }>>(
            server.base,
            `/dev/outbox?to=${encodeURIComponent(email)}`,
          );
          const code = outbox.data.find((m) => m.code)?.code;
          const registered = await call<{ uid: string }>(server.base, '/v1/wa-na/register', {
            ip,
            body: { username: email, type: 'E', password, code },
          });
          const uid = registered.data.uid;
          expect(
            (
              await call(server.base, `/admin/v1/users/${uid}/credit`, {
                token: ADMIN,
                body: { amount: '20000', account: 'real', note: 'kill test' },
              })
            ).code,
          ).toBe(0);
          const login = await call<{ token: string }>(server.base, '/v1/wa-na/login', {
            ip,
            body: { username: email, type: 'E', password },
          });
          const { rows } = await db.query<{ id: string }>('select id::text from users where uid = $1', [uid]);
          const trader: Trader = {
            n,
            uid,
            userId: rows[0]?.id ?? '',
            token: login.data.token,
            orders: [],
            transfers: [],
            options: [],
          };
          trader.socket = new FollowingSocket(uid, trader.token, live);
          await trader.socket.open(server);
          traders.push(trader);
        }
      },
    );

    it('sells a 3-second option to every trader, on every process', async () => {
      // Options first (they expire while the rest goes on), one per trader, on every process.
      for (const trader of traders) {
        const placed = await call<{ uid: string }>(
          servers[(trader.n + 1) % 3]!.base,
          '/exchange/order/addOrderOption',
          {
            token: trader.token,
            body: {
              tradePair: 'BTCUSDT',
              optionsProductId: productId,
              price: '100000.00',
              timeLong: OPTION_SECONDS,
              rate: '0.82',
              amount: '100',
              orderType: trader.n % 2,
            },
          },
        );
        expect(placed.code, placed.msg).toBe(0);
        trader.options.push(placed.data.uid);
      }
    });

    it(
      'keeps every acknowledged order and keyed transfer through the SIGKILL of the market holder',
      { timeout: 60_000 },
      async () => {
        // ── The load: orders with stop losses and keyed transfers on all three; the market holder dies half-way ──
        let answered = 0;
        const total = TRADERS * (ORDERS_PER_TRADER + TRANSFERS_PER_TRADER);
        const order = {
          tradePair: 'BTCUSDT',
          price: '0',
          stopPrice: STOP,
          takeProfitPprice: '',
          orderQuantity: '0.01',
          multiple: 2,
          orderType: 0,
          buyPoint: 2,
        };
        const load = traders.map(async (trader) => {
          for (let i = 0; i < ORDERS_PER_TRADER + TRANSFERS_PER_TRADER; i += 1) {
            const start = trader.n + i;
            if (i % 2 === 0 && trader.orders.length < ORDERS_PER_TRADER) {
              // Keyed (IK6): an unanswered placement is sent again, to the next live process, with its key.
              const key = `kill-order-${trader.n}-${i}`;
              const answer = await send(start, (s) =>
                call<string>(s.base, '/exchange/order/addOrder', { token: trader.token, key, body: order }),
              );
              expect(answer.code).toBe(0);
              trader.orders.push(String(answer.data));
            } else {
              const key = `kill-${trader.n}-${i}`;
              const body = {
                curr: 'USDT',
                currId: 1,
                type: 0,
                num: '10',
                fee: '0.0000',
                practical: '10.0000',
                unit: 'USDT',
              };
              const answer = await send(start, (s) =>
                call<{ uid: string }>(s.base, '/v1/waa/user/crypto/transform', {
                  token: trader.token,
                  key,
                  body,
                }),
              );
              expect(answer.code).toBe(0);
              trader.transfers.push({ key, uid: answer.data.uid });
            }
            answered += 1;
            if (answered === Math.floor(total / 2)) doomed.child.kill('SIGKILL');
          }
        });
        await Promise.all(load);
        await doomed.exited;
        expect(live()).toHaveLength(2);
        survivor = await marketHolder(2);
        expect(survivor.alive).toBe(true);

        // ── Transfers: one ledger transaction per key, none without an acknowledgement ──
        const moved = await db.query<{ ref: string; n: string }>(
          `select t.ref, count(distinct t.id)::text as n from ledger_transactions t
         join ledger_postings p on p.txn_id = t.id join ledger_accounts a on a.id = p.account_id
        where a.kind = 'wallet' group by t.ref`,
        );
        const transfers = traders.flatMap((t) => t.transfers.map((x) => x.uid));
        expect(moved.rows.map((r) => r.ref).sort()).toEqual([...transfers].sort());
        expect(moved.rows.every((r) => r.n === '1')).toBe(true);
      },
    );

    it('misses no stop: each closes exactly once when the price goes through it after the kill', async () => {
      // ── No trigger missed: the price through every stop, pinned on a process that may not hold the market ──
      const via = live().find((s) => s !== survivor) as ServerProcess;
      expect((await pin('98000.00', via)).code).toBe(0);
      const orders = traders.flatMap((t) => t.orders);
      await until(async () => {
        const { rows } = await db.query('select 1 from orders where uid = any($1) and position_status = 3', [
          orders,
        ]);
        return rows.length === orders.length;
      }, 'every stop closed');
      const closes = await db.query<{ uid: string; reason: string; n: string }>(
        `select o.uid, o.close_reason as reason, count(t.id)::text as n from orders o
         left join ledger_transactions t on t.ref = o.uid and t.kind = 'order_close'
        where o.uid = any($1) group by o.uid, o.close_reason`,
        [orders],
      );
      expect(closes.rows).toHaveLength(orders.length);
      for (const row of closes.rows)
        expect([row.uid, row.reason, row.n]).toEqual([row.uid, 'stop_loss', '1']);
      // No order the traders did not get: their orders are exactly the acknowledged ones.
      const all = await db.query<{ n: string }>('select count(*)::text as n from orders where not virtual');
      expect(Number(all.rows[0]?.n)).toBe(orders.length);
    });

    it('settles every option exactly once', async () => {
      // ── Options: each settled exactly once, with one settlement posting set ──
      const options = traders.flatMap((t) => t.options);
      await until(async () => {
        const { rows } = await db.query(
          'select 1 from option_orders where uid = any($1) and position_status = 1',
          [options],
        );
        return rows.length === options.length;
      }, 'every option settled');
      // A paid option (a win or a tie) gives back on one settlement transaction that names it; a lost one's
      // stake moves between house accounts only, so it is named by none.
      const settled = await db.query<{ uid: string; paid: boolean; n: string }>(
        `select o.uid, o.win_lost >= 0 as paid, count(distinct t.id)::text as n from option_orders o
             left join ledger_postings p on p.ref = o.uid
             left join ledger_transactions t on t.id = p.txn_id and t.kind = 'option_settle'
            where o.uid = any($1) group by o.uid, o.win_lost`,
        [options],
      );
      expect(settled.rows).toHaveLength(options.length);
      for (const row of settled.rows) expect([row.uid, row.n]).toEqual([row.uid, row.paid ? '1' : '0']);
    });

    it('moves every socket of the killed process to a live one, which sends its lists', async () => {
      // ── Sockets: every one that was on the killed process is on a live one and got its lists there ──
      const moving = traders.filter((t) => t.socket?.visits[0] === doomed.n);
      expect(moving.length).toBeGreaterThan(0);
      for (const trader of moving) {
        const socket = trader.socket as FollowingSocket;
        await socket.until(() => socket.visits.length >= 2 && (socket.lists.at(-1) ?? 0) > 0);
        expect(live().map((s) => s.n)).toContain(socket.visits.at(-1));
      }
    });

    it('conserves the ledger', async () => {
      // ── The ledger conserved: the check passes and every currency sums to zero ──
      const check = await call<{ ok: boolean }>(survivor.base, '/admin/v1/ledger/check', { token: ADMIN });
      expect(check.data.ok).toBe(true);
      const sums = await db.query<{ currency: string; total: string }>(
        'select currency, sum(balance + lock_margin)::text as total from ledger_accounts group by currency',
      );
      for (const row of sums.rows) expect([row.currency, Number(row.total)]).toEqual([row.currency, 0]);
    });
  },
);
