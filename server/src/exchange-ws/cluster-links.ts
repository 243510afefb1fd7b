/**
 * What the exchange sockets of one process hear of the other processes on its database (MP11, MP13): the
 * journal's events as they commit, the unread counts, the support changes for the operators' inboxes and the
 * visitors, and whether a user has a socket anywhere. Alone on its database a process has nobody to hear: its
 * bus drops what is published, and nothing here changes what its sockets get.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ExchangeNotificationMessage } from '../../../src/core/contract/notifications';
import { MAX_BODY_BYTES, type Bus } from '../cluster';
import type { SupportPush } from '../support';
import type { ExchangeHub } from './hub';
import type { JournalFrame, JournalSharing } from './journal';

const JOURNAL = 'exchange:journal';
const NOTIFIED = 'exchange:notified';
const SUPPORT = 'exchange:support';
const PRESENCE_ASK = 'exchange:presence-ask';
const PRESENCE_HERE = 'exchange:presence-here';

/** A journal entry on the bus: user, number and, when it fits, the entry itself. */
interface JournalBody {
  u: string;
  s: number;
  v?: boolean | null;
  f?: JournalFrame;
}

/** One part of a body too big for one message; the parts of one body leave in one transaction, in order. */
interface Part {
  k: string;
  i: number;
  n: number;
  p: string;
}

/** Characters of JSON per part: even escaped whole (6 bytes each) a part stays under the bus's limit. */
const PART_CHARS = 1000;
/** Bodies being put together at once; a body whose parts stopped coming (a cut link) goes first. */
const MAX_OPEN_BODIES = 64;

const fits = (body: unknown) => Buffer.byteLength(JSON.stringify(body)) <= MAX_BODY_BYTES;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * How the journal shares its entries: inside the write transaction, so other processes hear of an entry at
 * its COMMIT and never of one rolled back. None for a process alone.
 */
export function journalSharing(bus: Bus): JournalSharing | undefined {
  if (!bus.shared) return undefined;
  return {
    sameOrderEventOnce: true,
    async announce(userId, entry, tx) {
      const whole: JournalBody = { u: userId, s: entry.seq, v: entry.virtual, f: entry.frame };
      await bus.publish(JOURNAL, fits(whole) ? whole : { u: userId, s: entry.seq }, tx);
    },
  };
}

/** Publishes `body` whole, or in parts sent together in one transaction when it is too big for one message. */
async function publishWhole(app: FastifyInstance, channel: string, body: unknown): Promise<void> {
  const { bus } = app.cluster;
  if (fits({ w: body })) return bus.publish(channel, { w: body });
  const text = JSON.stringify(body);
  const k = randomUUID();
  const n = Math.ceil(text.length / PART_CHARS);
  await app.db.transaction(async (tx) => {
    for (let i = 0; i < n; i += 1) {
      const part: Part = { k, i, n, p: text.slice(i * PART_CHARS, (i + 1) * PART_CHARS) };
      await bus.publish(channel, part, tx);
    }
  });
}

/** Subscribes `handler` to the bodies of `channel` as `publishWhole` sent them. */
function subscribeWhole(bus: Bus, channel: string, handler: (body: unknown) => void): () => void {
  const open = new Map<string, string[]>();
  return bus.subscribe(channel, (message) => {
    if (!isRecord(message)) return;
    if ('w' in message) return handler(message.w);
    const { k, i, n, p } = message as Partial<Part>;
    if (typeof k !== 'string' || typeof i !== 'number' || typeof n !== 'number' || typeof p !== 'string')
      return;
    const parts = open.get(k) ?? [];
    parts[i] = p;
    open.set(k, parts);
    if (open.size > MAX_OPEN_BODIES) open.delete(open.keys().next().value as string);
    if (parts.filter((part) => part !== undefined).length < n) return;
    open.delete(k);
    handler(JSON.parse(parts.join('')));
  });
}

/** Settings of the links (tests lengthen the presence window on a loaded machine). */
export interface ClusterLinkSettings {
  /** How long a presence question waits for a process to say it holds a socket of the user. */
  presenceWaitMs: number;
}

/**
 * Wires this process's hub to the bus; answers the functions that stop listening and `userOnline`, which asks
 * the other processes when this one has no socket of the user (MP13).
 */
export function linkHubs(
  app: FastifyInstance,
  hub: ExchangeHub,
  log: FastifyBaseLogger,
  settings: ClusterLinkSettings,
): { stop: Array<() => void>; userOnline(userId: string): Promise<boolean> } {
  const { bus } = app.cluster;
  const failed = (what: string) => (error: unknown) => log.error({ err: error }, what);
  const asks = new Map<string, () => void>();
  const stop = [
    bus.subscribe(JOURNAL, (body) => {
      const { u, s, v, f } = body as JournalBody;
      if (typeof u !== 'string' || typeof s !== 'number') return;
      if (f) hub.journaled(u, { seq: s, virtual: v ?? null, frame: f });
      else hub.journaledElsewhere(u, s);
    }),
    bus.subscribe(NOTIFIED, (body) => {
      const { u, m } = body as { u?: unknown; m?: ExchangeNotificationMessage };
      if (typeof u === 'string' && isRecord(m)) hub.notified(u, m);
    }),
    subscribeWhole(bus, SUPPORT, (body) => {
      if (isRecord(body) && isRecord(body.target) && isRecord(body.inbox))
        hub.supported(body as unknown as SupportPush);
    }),
    bus.subscribe(PRESENCE_ASK, (body) => {
      const { a, u } = body as { a?: unknown; u?: unknown };
      if (typeof a === 'string' && typeof u === 'string' && hub.userOnline(u)) {
        bus.publish(PRESENCE_HERE, { a }).catch(failed('presence answer failed'));
      }
    }),
    bus.subscribe(PRESENCE_HERE, (body) => {
      const { a } = body as { a?: unknown };
      if (typeof a === 'string') asks.get(a)?.();
    }),
    // The messages of a cut are lost: every socket reads the journal from its last number, as a reconnect does.
    bus.onResume(() => hub.resumed()),
  ];
  if (app.hasDecorator('notifications')) {
    stop.push(
      app.notifications.onPush(({ userId, message }) => {
        // A new notification travels as a journal entry; a count of the moment goes as it is.
        if (!message.id && bus.shared) {
          bus.publish(NOTIFIED, { u: userId, m: message }).catch(failed('notification share failed'));
        }
      }),
    );
  }
  if (app.hasDecorator('support')) {
    stop.push(
      app.support.onPush((push) => {
        if (!bus.shared) return;
        // The user's own message goes by the journal; the operators' inboxes and a visitor's sockets by this.
        const shared = 'userId' in push.target ? { ...push, message: undefined } : push;
        publishWhole(app, SUPPORT, shared).catch(failed('support share failed'));
      }),
    );
  }
  const userOnline = async (userId: string): Promise<boolean> => {
    if (hub.userOnline(userId) || !bus.shared) return hub.userOnline(userId);
    const ask = randomUUID();
    return new Promise<boolean>((resolve) => {
      const answer = (online: boolean) => {
        clearTimeout(timer);
        asks.delete(ask);
        resolve(online);
      };
      // Nobody answering in time counts as offline: at worst the user gets a notice as well as the message.
      const timer = setTimeout(() => answer(false), settings.presenceWaitMs);
      asks.set(ask, () => answer(true));
      bus.publish(PRESENCE_ASK, { a: ask, u: userId }).catch((error: unknown) => {
        failed('presence question failed')(error);
        answer(false);
      });
    });
  };
  return { stop, userOnline };
}
