/**
 * The alert service: the trader's create, edit, remove and list (AL2, AL3), the book armed from the table at
 * start (AL4), and the firing of what a tick crosses (AL5): one transaction marks the alert fired where it is
 * still active at the version the book armed, and writes its notification; the push follows the commit.
 */
import type { FastifyInstance } from 'fastify';
import {
  ALERT_ACTIVE_MAX,
  type AlertCondition,
  type AlertMode,
  type PriceAlert,
} from '../../../src/core/contract/alerts';
import { Code } from '../../../src/core/contract/codes';
import { BusinessError } from '../http/envelope';
import type { Instrument, Tick } from '../market';
import { instrumentFinder } from '../market';
import { createAlertBook, type AlertBook } from './book';
import { fireAlert } from './firing';
import { checkLevel, checkPercent, entriesOf, midOf, type AlertTarget } from './levels';
import {
  ALERT_COLUMNS,
  activeAlerts,
  alertsByIds,
  findOwnAlert,
  listAlerts,
  targetColumns,
  targetOf,
  toPriceAlert,
  type AlertRow,
} from './repo';

/** What the trader sends to set or change an alert (the contract's fields). */
export interface AlertInput {
  condition: AlertCondition;
  level?: string;
  percent?: string;
  note?: string;
}

/** The caller of a trader's route. */
export interface AlertCaller {
  userId: string;
  brandId: string;
}

export interface AlertService {
  list(caller: AlertCaller): Promise<{ active: PriceAlert[]; past: PriceAlert[] }>;
  create(caller: AlertCaller, input: AlertInput & { symbol: string; mode: AlertMode }): Promise<PriceAlert>;
  update(caller: AlertCaller, id: string, input: AlertInput): Promise<PriceAlert>;
  remove(caller: AlertCaller, id: string): Promise<void>;
  /** Arms every active alert of the table (start), and drops what the book holds that is no longer active. */
  load(): Promise<void>;
  /** Re-reads alerts another process changed (MP8): active ones armed as stored, the others dropped. */
  reload(ids: readonly string[]): Promise<void>;
  /** Evaluates one tick (the market source's listener). */
  onTick(tick: Tick): void;
  /** Resolves when every firing queued so far is done (tests, close). */
  idle(): Promise<void>;
  /** The in-memory book (tests, bench). */
  readonly book: AlertBook;
}

const notFound = () => new BusinessError(Code.DATA_NOT_FOUND, 'no such alert');
const notActive = () => new BusinessError(Code.ILLEGAL_STATUS, 'the alert has already fired or been removed');

/** Control characters and the Unicode line separators are refused in a note (the schema checks the same). */
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

function checkNote(note: string | undefined): string | undefined {
  if (note === undefined) return undefined;
  if (CONTROL.test(note)) throw new BusinessError(Code.INCORRECT_PARAMETER, 'note: no control characters');
  return note.trim();
}

/** Several processes: the alert ids whose rows changed here, told to the others (`alerts:changed`). */
export const ALERTS_CHANNEL = 'alerts:changed';

/** Tells the other processes that an alert's row changed (nothing to tell for a process alone). */
function announcer(app: FastifyInstance): (id: string) => void {
  return (id) => {
    if (!app.cluster.shared) return;
    app.cluster.bus
      .publish(ALERTS_CHANNEL, { ids: [id] })
      .catch((error: unknown) => app.log.error({ err: error, alertId: id }, 'alert change not announced'));
  };
}

/** Arms every active alert and drops what the book holds that is no longer active. */
async function loadActive(
  app: FastifyInstance,
  book: AlertBook,
  arm: (row: AlertRow) => void,
): Promise<void> {
  const rows = await activeAlerts(app.db);
  const active = new Set(rows.map((row) => row.id));
  for (const id of book.ids()) if (!active.has(id)) book.remove(id);
  for (const row of rows) arm(row);
}

/** Re-reads the alerts of `ids`: the active ones armed as stored, the others dropped. */
async function reloadAlerts(
  app: FastifyInstance,
  book: AlertBook,
  arm: (row: AlertRow) => void,
  ids: readonly string[],
): Promise<void> {
  const rows = new Map((await alertsByIds(app.db, ids)).map((row) => [row.id, row]));
  for (const id of ids) {
    const row = rows.get(id);
    if (row?.state === 'active') arm(row);
    else book.remove(id);
  }
}

export function createAlertService(app: FastifyInstance): AlertService {
  const book = createAlertBook();
  const find = instrumentFinder(app.market.instruments);
  const bySymbol = new Map(app.market.instruments.map((i) => [i.productCode, i]));
  let queue: Promise<void> = Promise.resolve();

  /** The current mid of a symbol, the reference of a `move_pct` alert. */
  function currentMid(instrument: Instrument): string {
    const quote = app.market.source.current(instrument.productCode);
    if (!quote) throw new BusinessError(Code.PAIR_NOT_FOUND, 'no quote for this symbol');
    return midOf(quote.bid + quote.ask, instrument.pricePrecision);
  }

  /** The target a request asks for, checked against the instrument (1001 with the reason otherwise). */
  function targetFrom(input: AlertInput, instrument: Instrument): AlertTarget {
    if (input.condition === 'move_pct') {
      if (input.level !== undefined) {
        throw new BusinessError(Code.INCORRECT_PARAMETER, 'level: not taken by move_pct (send percent)');
      }
      return {
        condition: 'move_pct',
        percent: checkPercent(input.percent),
        referencePrice: currentMid(instrument),
      };
    }
    if (input.percent !== undefined) {
      throw new BusinessError(Code.INCORRECT_PARAMETER, 'percent: only taken by move_pct (send level)');
    }
    return { condition: input.condition, level: checkLevel(input.level, instrument) };
  }

  const announce = announcer(app);

  function arm(row: AlertRow): void {
    const instrument = bySymbol.get(row.symbol);
    if (!instrument) return;
    book.upsert({
      id: row.id,
      symbol: row.symbol,
      version: row.version,
      entries: entriesOf(targetOf(row), instrument.pricePrecision),
    });
  }

  const service: AlertService = {
    book,

    async list(caller) {
      const { active, past } = await listAlerts(app.db, caller.userId);
      return { active: active.map(toPriceAlert), past: past.map(toPriceAlert) };
    },

    async create(caller, input) {
      const instrument = find(input.symbol);
      const target = targetFrom(input, instrument);
      const note = checkNote(input.note) ?? '';
      const now = app.clock.now();
      const row = await app.db.transaction(async (tx) => {
        // One create at a time per user (the user's row locked), so the limit holds under parallel requests.
        await tx.query('select id from users where id = $1 for update', [caller.userId]);
        const { rows: counted } = await tx.query<{ n: number }>(
          `select count(*)::int as n from price_alerts where user_id = $1 and state = 'active'`,
          [caller.userId],
        );
        if ((counted[0]?.n ?? 0) >= ALERT_ACTIVE_MAX) {
          throw new BusinessError(Code.MAX_TARGET_VALUE, `at most ${ALERT_ACTIVE_MAX} active alerts`);
        }
        const [level, percent, reference] = targetColumns(target);
        const { rows } = await tx.query<AlertRow>(
          `insert into price_alerts (user_id, brand_id, symbol, mode, condition, level, percent, reference_price,
                                     note, created_ms, updated_ms)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
           returning ${ALERT_COLUMNS}`,
          [
            caller.userId,
            caller.brandId,
            instrument.productCode,
            input.mode,
            target.condition,
            level,
            percent,
            reference,
            note,
            now,
          ],
        );
        return rows[0] as AlertRow;
      });
      arm(row);
      announce(row.id);
      return toPriceAlert(row);
    },

    async update(caller, id, input) {
      const row = await app.db.transaction(async (tx) => {
        const current = await findOwnAlert(tx, caller.userId, id, true);
        if (!current) throw notFound();
        if (current.state !== 'active') throw notActive();
        const instrument = find(current.symbol);
        const target = targetFrom(input, instrument);
        const note = checkNote(input.note) ?? current.note;
        const [level, percent, reference] = targetColumns(target);
        const { rows } = await tx.query<AlertRow>(
          `update price_alerts set condition = $3, level = $4, percent = $5, reference_price = $6, note = $7,
                  version = version + 1, updated_ms = $8
            where id = $1 and user_id = $2
          returning ${ALERT_COLUMNS}`,
          [id, caller.userId, target.condition, level, percent, reference, note, app.clock.now()],
        );
        return rows[0] as AlertRow;
      });
      arm(row);
      announce(row.id);
      return toPriceAlert(row);
    },

    async remove(caller, id) {
      await app.db.transaction(async (tx) => {
        const current = await findOwnAlert(tx, caller.userId, id, true);
        if (!current) throw notFound();
        if (current.state !== 'active') throw notActive();
        const now = app.clock.now();
        await tx.query(
          `update price_alerts set state = 'removed', removed_ms = $2, updated_ms = $2 where id = $1`,
          [id, now],
        );
      });
      book.remove(id);
      announce(id);
    },

    load: () => loadActive(app, book, arm),
    reload: (ids) => reloadAlerts(app, book, arm, ids),

    onTick(tick) {
      const instrument = bySymbol.get(tick.symbol);
      if (!instrument) return;
      const fired = book.evaluate(tick.symbol, tick.bid, tick.ask);
      for (const one of fired) {
        // One firing at a time: a burst of ticks queues its work behind the earlier firings in order.
        queue = queue
          .then(() => fireAlert(app, one, tick, instrument, arm))
          .then(() => announce(one.alert.id))
          .catch((error: unknown) => {
            app.log.error({ err: error }, 'price alert firing failed');
          });
      }
    },

    async idle() {
      // A firing may queue while an earlier one runs; wait until the queue stands still.
      for (let seen = queue; ; seen = queue) {
        await seen;
        if (seen === queue) return;
      }
    },
  };
  return service;
}
