/**
 * The user's event journal (RP1–RP3): every event pushed on the user's exchange sockets is written here first,
 * with the next number of the user's series, so that a socket that reconnects with the last number it handled
 * gets what it missed, in order, once.
 */
import type { ExchangeNotificationMessage } from '../../../src/core/contract/notifications';
import type { ExchangeOptionSettledMessage } from '../../../src/core/contract/options';
import type { ExchangeSupportMessage } from '../../../src/core/contract/support';
import type { Db, Queryable } from '../db/types';
import type { OrderChange } from '../trading';

/** A change the server made to an account's orders on its own: sent riding on the list it concerns. */
export interface OrderEventFrame {
  ordertype: 'orderEvent';
  event: NonNullable<OrderChange['event']>;
}

/** What the journal keeps of an event: the frame as pushed (the order event without the lists). */
export type JournalFrame =
  OrderEventFrame | ExchangeNotificationMessage | ExchangeOptionSettledMessage | ExchangeSupportMessage;

/** One event of a user's series. */
export interface JournalEntry {
  seq: number;
  /** The account it is of; null for the user's (notifications, support). */
  virtual: boolean | null;
  frame: JournalFrame;
}

/** What the journal holds after `since`: the events in order, or "no longer kept" with the last number. */
export type Replay = { resync: false; entries: JournalEntry[] } | { resync: true; head: number };

export interface JournalSettings {
  /** Events kept per user. */
  journalKeep: number;
  /** No event older than this is kept (server clock). */
  journalKeepMs: number;
}

export interface Journal {
  /** Writes the event with the user's next number (events of one user are written one after another). */
  append(userId: string, virtual: boolean | null, frame: JournalFrame): Promise<JournalEntry>;
  /** The user's events after `since`, in order; without `since` (a page's first socket), the last number. */
  replay(userId: string, since: number | null): Promise<Replay>;
}

interface Row {
  seq: string;
  virtual: boolean | null;
  frame: string;
}

/**
 * The entry of the same order event when another process wrote it already. The head row is locked first, so
 * two processes writing the same event take turns and the second one finds the first one's row.
 */
async function earlierOrderEvent(
  tx: Queryable,
  userId: string,
  frame: OrderEventFrame,
): Promise<JournalEntry | null> {
  await tx.query('select 1 from exchange_journal_heads where user_id = $1 for update', [userId]);
  const { rows } = await tx.query<Row>(
    'select seq, virtual, frame from exchange_journal where user_id = $1 and frame = $2 order by seq limit 1',
    [userId, JSON.stringify(frame)],
  );
  const row = rows[0];
  return row ? { seq: Number(row.seq), virtual: row.virtual, frame } : null;
}

/** What the journal does besides writing, for several processes on one database (MP11). */
export interface JournalSharing {
  /** Announces the entry inside its write transaction, so it leaves at COMMIT (the bus). */
  announce(userId: string, entry: JournalEntry, tx: Queryable): Promise<void>;
  /**
   * Order events are heard by every process (each one's trading listeners): the first writer's entry is the
   * event's, and a second write of the same frame answers that entry instead of numbering it again.
   */
  sameOrderEventOnce: boolean;
}

/** The journal on the database; `now` is the server clock. */
export function createJournal(
  db: Db,
  now: () => number,
  settings: JournalSettings,
  sharing?: JournalSharing,
): Journal {
  /** Per user, the last write queued: a user's live pushes then leave in the order of their numbers. */
  const tails = new Map<string, Promise<unknown>>();

  const write = (userId: string, virtual: boolean | null, frame: JournalFrame) =>
    db.transaction(async (tx): Promise<JournalEntry> => {
      // The head row's lock orders the numbers: a second writer waits for the first one's COMMIT.
      if (sharing?.sameOrderEventOnce && frame.ordertype === 'orderEvent') {
        const earlier = await earlierOrderEvent(tx, userId, frame);
        if (earlier) return earlier;
      }
      const { rows } = await tx.query<{ last_seq: string }>(
        `insert into exchange_journal_heads (user_id, last_seq) values ($1, 1)
         on conflict (user_id) do update set last_seq = exchange_journal_heads.last_seq + 1
         returning last_seq`,
        [userId],
      );
      const seq = Number(rows[0]?.last_seq);
      const at = now();
      await tx.query(
        'insert into exchange_journal (user_id, seq, virtual, frame, at_ms) values ($1, $2, $3, $4, $5)',
        [userId, seq, virtual, JSON.stringify(frame), at],
      );
      await tx.query('delete from exchange_journal where user_id = $1 and (seq <= $2 or at_ms < $3)', [
        userId,
        seq - settings.journalKeep,
        at - settings.journalKeepMs,
      ]);
      const entry = { seq, virtual, frame };
      await sharing?.announce(userId, entry, tx);
      return entry;
    });

  return {
    append(userId, virtual, frame) {
      const previous = tails.get(userId) ?? Promise.resolve();
      const written = previous.then(
        () => write(userId, virtual, frame),
        () => write(userId, virtual, frame),
      );
      const tail = written.catch(() => undefined);
      tails.set(userId, tail);
      void tail.then(() => {
        if (tails.get(userId) === tail) tails.delete(userId);
      });
      return written;
    },
    async replay(userId, since) {
      const heads = await db.query<{ last_seq: string }>(
        'select last_seq from exchange_journal_heads where user_id = $1',
        [userId],
      );
      const head = Number(heads.rows[0]?.last_seq ?? 0);
      if (since === null) return { resync: true, head };
      if (since === head) return { resync: false, entries: [] };
      // A number the user's series never reached: a page of another database (restored, reset).
      if (since > head) return { resync: true, head };
      const { rows } = await db.query<Row>(
        `select seq, virtual, frame from exchange_journal
         where user_id = $1 and seq > $2 and at_ms >= $3 order by seq limit $4`,
        [userId, since, now() - settings.journalKeepMs, settings.journalKeep],
      );
      const entries = rows.map((row) => ({
        seq: Number(row.seq),
        virtual: row.virtual,
        frame: JSON.parse(row.frame) as JournalFrame,
      }));
      // The event right after `since` was pruned (or is too old): what came after it cannot make a whole.
      if (entries[0]?.seq !== since + 1) return { resync: true, head };
      return { resync: false, entries };
    },
  };
}
