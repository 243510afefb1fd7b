/**
 * Leases (MP3): a background job (the market's simulator, the trigger checks, the settler, the rollover, loan due
 * dates…) runs in exactly one process of a database at a time. On PostgreSQL a lease is a session advisory lock
 * taken on a connection of its own: a process that dies (even by SIGKILL) loses its connection and with it its
 * locks, and another process takes them at its next round (`roundMs`, default 1 s). A process takes leases up to
 * its fair share (the leases over the processes present), so jobs spread over the processes, and gives one back
 * per round while it holds more than its share. A process alone on its database holds every lease at once.
 */
import pg from 'pg';

/** What runs while the lease is held; `stop` ends what `start` began, and the job may be started again later. */
export interface LeaseJob {
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
}

export interface LeaseReport {
  /** Leases this process holds now. */
  held: string[];
  /** Processes present on the database's lease connections (1 for a process alone). */
  members: number;
}

export interface Leases {
  /** Runs `job` whenever this process holds the lease `name` (registered once per name). */
  hold(name: string, job: LeaseJob): void;
  held(name: string): boolean;
  report(): LeaseReport;
  /** Stops every held job and gives the leases back. */
  close(): Promise<void>;
}

type OnError = (error: unknown, what: string) => void;

async function run(step: () => void | Promise<void>, onError: OnError, what: string): Promise<void> {
  try {
    await step();
  } catch (error) {
    onError(error, what);
  }
}

/** Every lease held at once, for a process alone on its database: each job starts as it is registered. */
export function createLocalLeases(onError: OnError): Leases {
  const jobs = new Map<string, LeaseJob>();
  return {
    hold(name, job) {
      if (jobs.has(name)) throw new Error(`lease ${name} is registered twice`);
      jobs.set(name, job);
      void run(() => job.start(), onError, `lease ${name} start`);
    },
    held: (name) => jobs.has(name),
    report: () => ({ held: [...jobs.keys()], members: 1 }),
    async close() {
      for (const [name, job] of [...jobs].reverse())
        await run(() => job.stop(), onError, `lease ${name} stop`);
      jobs.clear();
    },
  };
}

export interface PostgresLeasesOptions {
  databaseUrl: string;
  /** Distinguishes the processes of this schema from other schemas' on the same database. */
  schema: string;
  onError: OnError;
  /** How often a process looks for free leases (default 1000 ms). */
  roundMs?: number;
  /** Fewer processes than at the last round: one vanished (MP21). */
  onPeerLost?: () => void;
}

const LOCK_KEY = "hashtextextended('tradekit:lease:' || $1 || ':' || current_schema(), 0)";

/** Leases on PostgreSQL advisory locks; `start()` begins the rounds once every job is registered. */
export function createPostgresLeases(options: PostgresLeasesOptions): Leases & { start(): void } {
  const roundMs = options.roundMs ?? 1000;
  // One application name per schema: pg_stat_activity counts the processes sharing these leases.
  const applicationName = `tk-lease:${options.schema}`.slice(0, 63);
  const jobs = new Map<string, LeaseJob>();
  const held = new Set<string>();
  let members = 1;
  let client: pg.Client | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let started = false;
  let rounding: Promise<void> | undefined;

  const stopAll = async () => {
    for (const name of [...held].reverse()) {
      held.delete(name);
      const job = jobs.get(name);
      if (job) await run(() => job.stop(), options.onError, `lease ${name} stop`);
    }
  };

  /** The lease connection broke: its locks are gone with it, so nothing may keep running on them. */
  const lost = async (broken: pg.Client, error?: unknown) => {
    if (client !== broken) return;
    client = undefined;
    if (error) options.onError(error, 'lease connection');
    broken.end().catch(() => undefined);
    await stopAll();
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: options.databaseUrl, application_name: applicationName });
    next.on('error', (error) => void lost(next, error));
    next.on('end', () => void lost(next));
    client = next;
    try {
      await next.connect();
    } catch (error) {
      await lost(next, error);
    }
  };

  const round = async () => {
    if (!client) await connect();
    const current = client;
    if (!current) return;
    try {
      const count = await current.query<{ n: string }>(
        'select count(*) as n from pg_stat_activity where application_name = $1 and datname = current_database()',
        [applicationName],
      );
      const before = members;
      members = Math.max(1, Number(count.rows[0]?.n ?? 1));
      if (members < before) options.onPeerLost?.();
      const share = Math.ceil(jobs.size / members);
      for (const name of jobs.keys()) {
        if (held.size >= share || closed || client !== current) break;
        if (held.has(name)) continue;
        const { rows } = await current.query<{ ok: boolean }>(
          `select pg_try_advisory_lock(${LOCK_KEY}) as ok`,
          [name],
        );
        if (!rows[0]?.ok) continue;
        held.add(name);
        await run(() => jobs.get(name)?.start(), options.onError, `lease ${name} start`);
      }
      // More than a fair share (a process joined): give one back, the last taken, for another to take.
      if (held.size > share && client === current && !closed) {
        const name = [...held].at(-1) as string;
        held.delete(name);
        await run(() => jobs.get(name)?.stop(), options.onError, `lease ${name} stop`);
        await current.query(`select pg_advisory_unlock(${LOCK_KEY})`, [name]);
      }
    } catch (error) {
      await lost(current, error);
    }
  };

  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      rounding = round().finally(() => {
        rounding = undefined;
        schedule();
      });
    }, roundMs);
    timer.unref?.();
  };

  return {
    hold(name, job) {
      if (jobs.has(name)) throw new Error(`lease ${name} is registered twice`);
      jobs.set(name, job);
    },
    held: (name) => held.has(name),
    report: () => ({ held: [...held], members }),
    start() {
      if (started) return;
      started = true;
      rounding = round().finally(() => {
        rounding = undefined;
        schedule();
      });
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await rounding;
      await stopAll();
      const current = client;
      client = undefined;
      current?.removeAllListeners();
      current?.on('error', () => undefined);
      await current?.end().catch(() => undefined);
    },
  };
}
