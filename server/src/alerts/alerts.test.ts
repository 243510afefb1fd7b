import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ALERT_ACTIVE_MAX,
  AlertCreate,
  AlertList,
  AlertRemove,
  AlertUpdate,
  type PriceAlert,
} from '../../../src/core/contract/alerts';
import { Code } from '../../../src/core/contract/codes';
import { AlarmType } from '../../../src/core/contract/notifications';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import { tradingHarness, urlOf, type Trader, type TradingHarness } from '../trading/test-app';

const SYMBOL = 'BTCUSDT';

interface Fired {
  alarmType: number;
  content: string;
  paymentPrice: string | null;
  paymentUnit: string | null;
}

describeOnBackends('price alerts', { on: 'both' }, (backend) => {
  let h: TradingHarness;
  let trader: Trader;

  beforeAll(async () => {
    h = await tradingHarness(backend);
    trader = await h.trader();
    await h.pin(SYMBOL, '100000.00');
  }, 240_000);
  afterAll(async () => {
    await h?.close();
  });

  const create = (token: string, body: object) =>
    h.post<{ alert: PriceAlert }>(urlOf(AlertCreate), token, { symbol: SYMBOL, mode: 'market', ...body });
  const update = (token: string, body: object) =>
    h.post<{ alert: PriceAlert }>(urlOf(AlertUpdate), token, body);
  const remove = (token: string, id: string) => h.post(urlOf(AlertRemove), token, { id });
  const list = async (token: string) =>
    (await h.post<{ active: PriceAlert[]; past: PriceAlert[] }>(urlOf(AlertList), token)).data;
  /** Moves the bid and waits for the firings it queued. */
  const pinAndSettle = async (bid: string) => {
    await h.pin(SYMBOL, bid);
    await h.app.alerts.idle();
  };
  const firedNotices = async (userId: string): Promise<Fired[]> => {
    const { rows } = await h.app.db.query<Fired>(
      `select alarm_type as "alarmType", content, payment_price::text as "paymentPrice",
              payment_unit as "paymentUnit"
         from notifications where user_id = $1 and alarm_type = $2 order by id`,
      [userId, AlarmType.priceAlert],
    );
    return rows;
  };

  it('creates, lists, edits and removes an alert; checks every field with a clear 1001 or 604', async () => {
    const created = await create(trader.token, {
      condition: 'bid_above',
      level: '101000.5',
      note: ' breakout ',
    });
    expect(created.code).toBe(0);
    expect(created.data.alert).toMatchObject({
      symbol: SYMBOL,
      condition: 'bid_above',
      level: '101000.50',
      percent: null,
      referencePrice: null,
      note: 'breakout',
      state: 'active',
      createdAtTs: h.clock.now(),
      firedAtTs: null,
    });
    const id = created.data.alert.id;

    const refused: Array<[object, number]> = [
      [{ condition: 'bid_above', level: '101000.555' }, Code.INCORRECT_PARAMETER],
      [{ condition: 'bid_above', level: '0' }, Code.INCORRECT_PARAMETER],
      [{ condition: 'bid_above' }, Code.INCORRECT_PARAMETER],
      [{ condition: 'bid_above', level: '999999999.00' }, Code.INCORRECT_PARAMETER],
      [{ condition: 'move_pct', percent: '0.001' }, Code.INCORRECT_PARAMETER],
      [{ condition: 'move_pct', percent: '1000.01' }, Code.INCORRECT_PARAMETER],
      [{ condition: 'move_pct', percent: '5', level: '1.00' }, Code.INCORRECT_PARAMETER],
      [{ condition: 'ask_below', level: '1.00', note: 'two\nlines' }, Code.INCORRECT_PARAMETER],
      [{ condition: 'ask_below', level: '1.00', note: 'x'.repeat(141) }, Code.INCORRECT_PARAMETER],
      [{ condition: 'sideways', level: '1.00' }, Code.INCORRECT_PARAMETER],
      [{ condition: 'ask_below', level: '99000.00', symbol: 'NOPEUSD' }, Code.PAIR_NOT_FOUND],
    ];
    for (const [body, code] of refused) {
      const answer = await create(trader.token, body);
      expect({ body, code: answer.code, msg: typeof answer.msg }).toEqual({ body, code, msg: 'string' });
    }

    // A move_pct alert measures from the mid at creation, and again from the mid when edited.
    const moved = await create(trader.token, { condition: 'move_pct', percent: '2.50' });
    expect(moved.code).toBe(0);
    const quote = h.app.market.source.current(SYMBOL);
    expect(quote).toBeDefined();
    const mid = ((quote?.bid ?? 0) + (quote?.ask ?? 0)) / 200;
    expect(Number(moved.data.alert.referencePrice)).toBe(mid);
    expect(moved.data.alert.percent).toBe('2.5');
    await h.pin(SYMBOL, '100100.00');
    const edited = await update(trader.token, {
      id: moved.data.alert.id,
      condition: 'move_pct',
      percent: '3',
    });
    expect(edited.code).toBe(0);
    expect(Number(edited.data.alert.referencePrice)).toBeGreaterThan(mid);
    expect(edited.data.alert.note).toBe('');

    const retargeted = await update(trader.token, { id, condition: 'ask_below', level: '90000' });
    expect(retargeted.data.alert).toMatchObject({
      condition: 'ask_below',
      level: '90000.00',
      note: 'breakout',
    });

    const before = await list(trader.token);
    expect(before.active.map((a) => a.id)).toEqual([id, moved.data.alert.id]);
    expect((await remove(trader.token, id)).code).toBe(0);
    const after = await list(trader.token);
    expect(after.active.map((a) => a.id)).toEqual([moved.data.alert.id]);
    expect(after.past[0]).toMatchObject({ id, state: 'removed' });
    // A removed alert cannot be edited or removed again; it is no longer in the book either.
    expect((await remove(trader.token, id)).code).toBe(Code.ILLEGAL_STATUS);
    expect((await update(trader.token, { id, condition: 'bid_above', level: '1.00' })).code).toBe(
      Code.ILLEGAL_STATUS,
    );
    expect((await remove(trader.token, moved.data.alert.id)).code).toBe(0);
    expect(h.app.alerts.book.size()).toBe(0);
  });

  it("answers another user's alert exactly like a missing one (1008)", async () => {
    const other = await h.trader();
    const mine = await create(trader.token, { condition: 'ask_above', level: '150000' });
    const theirs = await remove(other.token, mine.data.alert.id);
    const missing = await remove(other.token, '999999999');
    expect(theirs).toEqual(missing);
    expect(theirs.code).toBe(Code.DATA_NOT_FOUND);
    const edit = await update(other.token, { id: mine.data.alert.id, condition: 'bid_above', level: '1.00' });
    expect(edit.code).toBe(Code.DATA_NOT_FOUND);
    expect((await list(other.token)).active).toEqual([]);
    expect((await remove(trader.token, mine.data.alert.id)).code).toBe(0);
  });

  it(`keeps at most ${ALERT_ACTIVE_MAX} active alerts per user under parallel creates (1010 beyond)`, async () => {
    const user = await h.trader();
    await h.app.db.query(
      `insert into price_alerts (user_id, symbol, mode, condition, level, created_ms, updated_ms)
       select $1, 'ETHUSDT', 'market', 'bid_above', 100000, 0, 0 from generate_series(1, $2::int)`,
      [user.id, ALERT_ACTIVE_MAX - 5],
    );
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        create(user.token, { condition: 'bid_below', level: `${1000 + i}` }),
      ),
    );
    const codes = answers.map((a) => a.code).sort((a, b) => a - b);
    expect(codes).toEqual([...Array(5).fill(0), ...Array(7).fill(Code.MAX_TARGET_VALUE)]);
    expect((await list(user.token)).active).toHaveLength(ALERT_ACTIVE_MAX);
    // A removed alert frees its place.
    const first = answers.find((a) => a.code === 0)?.data.alert.id ?? '';
    expect((await remove(user.token, first)).code).toBe(0);
    expect((await create(user.token, { condition: 'bid_below', level: '999' })).code).toBe(0);
    await h.app.db.query(`update price_alerts set state = 'removed', removed_ms = 0 where user_id = $1`, [
      user.id,
    ]);
    for (const alert of answers) if (alert.code === 0) h.app.alerts.book.remove(alert.data.alert.id);
  });

  it('fires exactly once on a crossing, with a notification pushed after the commit; a burst fires nothing more', async () => {
    const user = await h.trader();
    await pinAndSettle('100000.00');
    const pushed: Array<{ userId: string; alarmType?: number }> = [];
    const stop = h.app.notifications.onPush((push) => pushed.push({ userId: push.userId, ...push.message }));
    try {
      const up = await create(user.token, {
        condition: 'bid_above',
        level: '100500.00',
        note: 'take profit?',
      });
      const down = await create(user.token, { condition: 'ask_below', level: '90000.00' });
      const pct = await create(user.token, { condition: 'move_pct', percent: '1' });
      await pinAndSettle('100400.00');
      expect(await firedNotices(user.id)).toEqual([]);

      // A burst of ticks through the level: the book gives the alert up once, the row fires once.
      const units = (bid: string) => Number(bid.replace('.', ''));
      h.app.market.source.pin(SYMBOL, units('100600.00'));
      h.app.market.source.pin(SYMBOL, units('100700.00'));
      h.app.market.source.pin(SYMBOL, units('100800.00'));
      await h.app.alerts.idle();
      const notices = await firedNotices(user.id);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ paymentPrice: '100600.00000000', paymentUnit: SYMBOL });
      expect(JSON.parse(notices[0]?.content ?? '')).toMatchObject({
        id: up.data.alert.id,
        symbol: SYMBOL,
        condition: 'bid_above',
        level: '100500.00',
        firedPrice: '100600.00',
        note: 'take profit?',
      });
      expect(pushed.filter((p) => p.userId === user.id && p.alarmType === AlarmType.priceAlert)).toHaveLength(
        1,
      );

      // Even if the book were handed the fired alert again, the stored state lets it fire only once.
      h.app.alerts.book.upsert({
        id: up.data.alert.id,
        symbol: SYMBOL,
        version: 1,
        entries: [{ side: 'bid', when: 'up', level: 1 }],
      });
      h.app.market.source.pin(SYMBOL, units('100900.00'));
      await h.app.alerts.idle();
      expect(await firedNotices(user.id)).toHaveLength(1);

      const after = await list(user.token);
      expect(after.past[0]).toMatchObject({
        id: up.data.alert.id,
        state: 'fired',
        firedAtTs: h.clock.now(),
        firedPrice: '100600.00',
      });
      expect(after.active.map((a) => a.id)).toEqual([down.data.alert.id, pct.data.alert.id]);
      expect((await remove(user.token, up.data.alert.id)).code).toBe(Code.ILLEGAL_STATUS);

      // The 1 % move fires on the way down past the mid's lower bound; the ask below 90,000 on the same tick.
      await pinAndSettle('89000.00');
      const all = await firedNotices(user.id);
      expect(all.map((n) => JSON.parse(n.content).condition)).toEqual(['bid_above', 'ask_below', 'move_pct']);
      expect((await list(user.token)).active).toEqual([]);
    } finally {
      stop();
    }
  });

  it('does not fire an edited alert at the level it had before the edit', async () => {
    const user = await h.trader();
    await pinAndSettle('100000.00');
    const made = await create(user.token, { condition: 'bid_above', level: '100200.00' });
    // A firing armed at version 1 arrives after the edit made it version 2: refused by the row.
    const armed = { id: made.data.alert.id, symbol: SYMBOL, version: 1 };
    expect(
      (await update(user.token, { ...armed, id: armed.id, condition: 'bid_above', level: '120000' })).code,
    ).toBe(0);
    h.app.alerts.book.upsert({ ...armed, entries: [{ side: 'bid', when: 'up', level: 1 }] });
    await pinAndSettle('100300.00');
    expect(await firedNotices(user.id)).toEqual([]);
    expect((await list(user.token)).active[0]).toMatchObject({ level: '120000.00', state: 'active' });
    expect((await remove(user.token, armed.id)).code).toBe(0);
  });
});

describeOnBackends('price alerts across a restart', { on: 'both' }, (backend) => {
  it('arms the active alerts again at start, so they fire after the restart', async () => {
    const created = await backend.create();
    // PGlite in memory dies with its app: the restart needs a data directory on disk.
    const folder = created.dataDir ? await mkdtemp(join(tmpdir(), 'tk-alerts-')) : null;
    const database: TestDatabase = folder
      ? { dataDir: folder, cleanup: () => rm(folder, { recursive: true, force: true }) }
      : created;
    try {
      const first = await tradingHarness(backend, {}, { database, now: Date.parse('2026-03-11T10:00:00Z') });
      const user = await first.trader();
      await first.pin(SYMBOL, '100000.00');
      const made = await first.post<{ alert: PriceAlert }>(urlOf(AlertCreate), user.token, {
        symbol: SYMBOL,
        mode: 'option',
        condition: 'bid_below',
        level: '99000.00',
      });
      expect(made.code).toBe(0);
      const now = first.clock.now();
      await first.close();

      const second = await tradingHarness(backend, {}, { database, now });
      try {
        expect(second.app.alerts.book.size()).toBe(1);
        await second.pin(SYMBOL, '98000.00');
        await second.app.alerts.idle();
        const { rows } = await second.app.db.query<{ state: string; firedPrice: string }>(
          `select state, fired_price::text as "firedPrice" from price_alerts where id = $1`,
          [made.data.alert.id],
        );
        expect(rows).toEqual([{ state: 'fired', firedPrice: '98000.00' }]);
        expect(second.app.alerts.book.size()).toBe(0);
      } finally {
        await second.close();
      }
    } finally {
      await database.cleanup();
      if (folder) await created.cleanup();
    }
  }, 240_000);
});
