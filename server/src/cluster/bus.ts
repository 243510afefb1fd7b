/**
 * The bus between the server processes of one database (MP2): a message published by one process reaches every
 * other process's subscribers of its channel. On PostgreSQL it is LISTEN/NOTIFY on one notification channel per
 * schema; a message published inside a transaction leaves at its COMMIT and never after a ROLLBACK, so what other
 * processes hear has happened. A single process (PGlite, or PostgreSQL without `--workers`) has nobody to tell:
 * its bus drops what is published, and the process's own modules act on their changes directly.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Queryable } from '../db/types';

/** NOTIFY refuses payloads of 8000 bytes and more; what is left is for the envelope. */
export const MAX_BODY_BYTES = 7_600;

/** What a subscriber gets: the body as published and the process it came from. */
export type BusHandler = (body: unknown, from: string) => void;

export interface Bus {
  /** This process's name on the bus (never hears its own messages). */
  readonly processId: string;
  /** True when other processes may listen (several processes on one PostgreSQL). */
  readonly shared: boolean;
  /**
   * Sends `body` (JSON, at most MAX_BODY_BYTES) to every other process's subscribers of `channel`. With `tx`, it
   * leaves when that transaction commits.
   */
  publish(channel: string, body: unknown, tx?: Queryable): Promise<void>;
  subscribe(channel: string, handler: BusHandler): () => void;
  /**
   * Called after the bus's link came back from a cut, and when another process vanished (it may have committed
   * a change and died before announcing it, MP21): messages may be lost, so a module that keeps a copy of
   * shared state reloads it here.
   */
  onResume(handler: () => void): () => void;
  /** Calls the `onResume` handlers (the leases saw a process vanish). */
  gap(): void;
  close(): Promise<void>;
}

interface Envelope {
  f: string;
  c: string;
  b: unknown;
}

function handlers() {
  const byChannel = new Map<string, Set<BusHandler>>();
  const resumed = new Set<() => void>();
  return {
    subscribe(channel: string, handler: BusHandler) {
      const set = byChannel.get(channel) ?? new Set<BusHandler>();
      set.add(handler);
      byChannel.set(channel, set);
      return () => void set.delete(handler);
    },
    deliver(channel: string, body: unknown, from: string, onError: (error: unknown) => void) {
      for (const handler of byChannel.get(channel) ?? []) {
        try {
          handler(body, from);
        } catch (error) {
          onError(error);
        }
      }
    },
    onResume(handler: () => void) {
      resumed.add(handler);
      return () => void resumed.delete(handler);
    },
    resume(onError: (error: unknown) => void) {
      for (const handler of resumed) {
        try {
          handler();
        } catch (error) {
          onError(error);
        }
      }
    },
  };
}

/** The bus of a process alone on its database. */
export function createLocalBus(): Bus {
  const local = handlers();
  return {
    processId: randomUUID(),
    shared: false,
    publish: async () => undefined,
    subscribe: local.subscribe,
    onResume: local.onResume,
    gap: () => undefined,
    close: async () => undefined,
  };
}

export interface PostgresBusOptions {
  databaseUrl: string;
  /** Publishes go through the app's pool (or a transaction's connection). */
  db: Queryable;
  onError: (error: unknown) => void;
  /** Wait before connecting again after the link broke (default 1000 ms). */
  retryMs?: number;
}

/** Quotes an identifier for LISTEN. */
const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The notification channel of a schema: channels are per database, and test suites share one database. */
export const busChannelOf = (schema: string) => `tk:${schema}`.slice(0, 63);

/** The bus on PostgreSQL LISTEN/NOTIFY, listening on a connection of its own that it re-opens when cut. */
export async function createPostgresBus(options: PostgresBusOptions): Promise<Bus> {
  const local = handlers();
  const processId = randomUUID();
  const retryMs = options.retryMs ?? 1000;
  const schemaRows = await options.db.query<{ schema: string }>('select current_schema() as schema');
  const channel = busChannelOf(schemaRows.rows[0]?.schema ?? 'public');
  let client: pg.Client | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let everConnected = false;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== channel || !message.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.payload) as Envelope;
    } catch (error) {
      options.onError(error);
      return;
    }
    if (envelope.f === processId) return;
    local.deliver(envelope.c, envelope.b, envelope.f, options.onError);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.databaseUrl });
    const broke = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      if (error) options.onError(error);
      next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), retryMs);
    };
    next.on('error', broke);
    next.on('end', () => broke());
    next.on('notification', onNotification);
    try {
      await next.connect();
      await next.query(`LISTEN ${identifier(channel)}`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => undefined);
      await next.end().catch(() => undefined);
      options.onError(error);
      if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), retryMs);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    if (everConnected) local.resume(options.onError);
    everConnected = true;
  };
  await connect();

  return {
    processId,
    shared: true,
    async publish(name, body, tx) {
      const payload = JSON.stringify({ f: processId, c: name, b: body } satisfies Envelope);
      if (Buffer.byteLength(payload) > MAX_BODY_BYTES + 200) {
        throw new Error(`bus message on ${name} is ${Buffer.byteLength(payload)} bytes, above the limit`);
      }
      await (tx ?? options.db).query('select pg_notify($1, $2)', [channel, payload]);
    },
    subscribe: local.subscribe,
    onResume: local.onResume,
    gap: () => local.resume(options.onError),
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
