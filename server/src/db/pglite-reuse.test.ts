import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openPglite, templateReuseCounts } from './pglite';
import {
  readTemplateState,
  resetToTemplate,
  TemplateReuse,
  TRUNCATE_ABOVE_BYTES,
  type TemplateState,
} from './pglite-reuse';

/** A PGlite started from the run's migrated template (both sides of every comparison are opened alike). */
async function fromTemplate(): Promise<PGlite> {
  const file = inject('pgliteTemplate');
  if (!file) throw new Error('the server project’s template is switched off (TK_PGLITE_TEMPLATE=0)');
  return PGlite.create('memory://', {
    loadDataDir: new Blob([await readFile(file)]),
  });
}

/** Every row of every table and every sequence, in one comparable value. */
async function contents(pg: PGlite): Promise<Record<string, unknown>> {
  const tables = (
    await pg.query<{ name: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    )
  ).rows;
  const out: Record<string, unknown> = {};
  for (const { name } of tables) {
    out[name] = (
      await pg.query<{ rows: string }>(`select json_agg(t order by t::text)::text as rows from ${name} t`)
    ).rows[0]?.rows;
  }
  out.sequences = (
    await pg.query('select schemaname, sequencename, last_value from pg_sequences order by 1, 2')
  ).rows;
  return out;
}

/** A test's worth of changes: rows in a seeded and an unseeded table, a seed removed, session state. */
async function use(pg: PGlite): Promise<void> {
  await pg.exec(`
    insert into audit_log (actor, action, object_kind, object_id) values ('op', 'test', 'user', '1');
    insert into ledger_transactions (kind) values ('test');
    delete from schema_migrations where name = (select min(name) from schema_migrations);
    update cash_coins set sort = sort + 100;
    set timezone = 'Asia/Tokyo';
    create temporary table scratch (x int);
  `);
  await pg.query('select pg_advisory_lock(42)');
}

/** One catalogue change a test could leave, and how to take it back. */
const CHANGES = [
  ['a table of its own', 'create table mine (id int)', 'drop table mine'],
  ['a function', `create function tk_one() returns int language sql as 'select 1'`, 'drop function tk_one()'],
  ['a column', 'alter table audit_log add column extra text', 'alter table audit_log drop column extra'],
  ['an index', 'create index audit_extra on audit_log (action)', 'drop index audit_extra'],
] as const;

describe('a closed test database back to its template (pglite-reuse)', () => {
  // Two databases serve every test: starting one costs about a second on a busy machine.
  let a: PGlite;
  let b: PGlite;
  let state: TemplateState;
  beforeAll(async () => {
    [a, b] = await Promise.all([fromTemplate(), fromTemplate()]);
    state = await readTemplateState(b);
  });
  afterAll(async () => {
    await Promise.all([a, b].filter((pg) => pg && !pg.closed).map((pg) => pg.close()));
  });

  it('reads, after a test used it, exactly as a database fresh from the template', async () => {
    const reuse = new TemplateReuse();
    await reuse.learn(a);
    await use(a);
    await reuse.giveBack(a);
    expect(reuse.counts).toEqual({ reused: 0, kept: 1, dropped: 0 });
    expect(reuse.take()).toBe(a);
    expect(reuse.counts.reused).toBe(1);

    const fresh = b;
    expect(await contents(a)).toEqual(await contents(fresh));
    // Identities start again where the template's do.
    const insert = `insert into audit_log (actor, action, object_kind, object_id) values ('op', 'x', 'user', '1') returning id`;
    const ids = await Promise.all(
      [a, fresh].map(async (pg) => (await pg.query<{ id: string }>(insert)).rows[0]?.id),
    );
    expect(ids[0]).toBe(ids[1]);
    // Session state is the template's: the time zone, no temporary table, the advisory lock released.
    const session = (pg: PGlite) =>
      pg.query(
        `select current_setting('timezone') as zone, to_regclass('scratch') is null as no_scratch,
                (select count(*)::int from pg_locks where locktype = 'advisory') as advisory`,
      );
    expect((await session(a)).rows).toEqual((await session(fresh)).rows);
    expect((await session(a)).rows[0]).toMatchObject({ no_scratch: true, advisory: 0 });
  });

  it.each(CHANGES)('is not kept with %s a test left in its catalogue', async (_what, change, undo) => {
    await b.exec(change);
    expect(await resetToTemplate(b, state)).toBe(false);
    await b.exec(undo);
    expect(await resetToTemplate(b, state)).toBe(true);
  });

  it('empties append-only history and a grown table, and keeps the space a reused database carries bounded', async () => {
    /** The size of the relation `oid` (an SQL expression) on disk. */
    const onDisk = async (oid: string) =>
      Number((await b.query<{ n: string }>(`select pg_relation_size(${oid})::text as n`)).rows[0]?.n);
    const size = (table: string) => onDisk(`'${table}'::regclass`);
    const toast = () => onDisk(`(select reltoastrelid from pg_class where oid = 'audit_log'::regclass)`);
    // Postings refuse DELETE (their trigger); the reset still empties them, as it empties every written table.
    await b.exec(`
      begin;
      insert into ledger_transactions (kind) values ('test');
      insert into ledger_postings (txn_id, account_id, bucket, amount)
        select (select max(id) from ledger_transactions), id, 'balance', case kind when 'house_cash_real' then 1 else -1 end
          from ledger_accounts where kind in ('house_cash_real', 'house_demo_issuer');
      commit;`);
    expect(await resetToTemplate(b, state)).toBe(true);
    expect((await b.query('select id from ledger_postings')).rows).toEqual([]);
    for (let round = 0; round < 3; round++) {
      await b.query(
        `insert into audit_log (actor, action, object_kind, object_id, reason)
           select 'op', 'bulk', 'user', g::text, repeat('x', 200) from generate_series(1, 2000) g`,
      );
      expect(await size('audit_log')).toBeGreaterThan(TRUNCATE_ABOVE_BYTES);
      expect(await resetToTemplate(b, state)).toBe(true);
      expect(await size('audit_log')).toBeLessThanOrEqual(TRUNCATE_ABOVE_BYTES);
      expect((await b.query('select id from audit_log')).rows).toEqual([]);
    }
    // One row whose large value lives in the TOAST table, beside a small row file.
    await b.query(
      `insert into audit_log (actor, action, object_kind, object_id, reason)
         select 'op', 'large', 'user', '1', string_agg(md5(g::text), '') from generate_series(1, 40000) g`,
    );
    expect(await size('audit_log')).toBeLessThan(TRUNCATE_ABOVE_BYTES);
    expect(await toast()).toBeGreaterThan(TRUNCATE_ABOVE_BYTES);
    expect(await resetToTemplate(b, state)).toBe(true);
    expect(await toast()).toBeLessThanOrEqual(TRUNCATE_ABOVE_BYTES);
  });

  it('is not kept inside a transaction; keeps no more than its limit and closes what it does not keep', async () => {
    await b.exec('begin');
    await expect(resetToTemplate(b, state)).rejects.toThrow(/transaction block/);
    await b.exec('rollback');
    expect(await resetToTemplate(b, state)).toBe(true);

    const reuse = new TemplateReuse(1);
    await reuse.learn(a);
    await reuse.giveBack(a);
    await reuse.giveBack(b);
    expect(reuse.counts).toEqual({ reused: 0, kept: 1, dropped: 1 });
    expect([a.closed, b.closed]).toEqual([false, true]);
    await reuse.drain();
    expect(a.closed).toBe(true);
  });

  it('turns itself off, closing every database as before, when it cannot read the template', async () => {
    const close = vi.fn(async () => undefined);
    const unreadable = {
      query: async () => {
        throw new Error('no catalogue');
      },
      close,
    } as unknown as PGlite;
    const reuse = new TemplateReuse();
    await reuse.learn(unreadable);
    await reuse.giveBack(unreadable);
    expect(close).toHaveBeenCalledTimes(1);
    expect(reuse.counts).toEqual({ reused: 0, kept: 0, dropped: 1 });
  });

  it('is what openPglite does with a closed memory:// database, whose handle then refuses work', async () => {
    const db = await openPglite('memory://');
    await db.query(
      `insert into audit_log (actor, action, object_kind, object_id) values ('gone', 'x', 'user', '1')`,
    );
    await db.close();
    await expect(db.query('select 1')).rejects.toThrow('PGlite is closed');
    await expect(db.transaction(async () => undefined)).rejects.toThrow('PGlite is closed');

    const before = templateReuseCounts();
    const next = await openPglite('memory://');
    try {
      expect(templateReuseCounts().reused).toBe(before.reused + 1);
      expect((await next.query(`select id from audit_log where actor = 'gone'`)).rows).toEqual([]);
    } finally {
      await next.close();
    }
  });
});

describe('a new data directory on disk in the server tests (TR42)', () => {
  it('starts as the migrated template, and opens again as it was left', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tk-template-disk-'));
    try {
      const first = await openPglite(dir);
      // No migration ran here: the template's record of them is what a fresh initdb would not have.
      const applied = await first.query<{ n: number }>('select count(*)::int as n from schema_migrations');
      expect(applied.rows[0]?.n).toBeGreaterThan(0);
      await first.query(
        `insert into audit_log (actor, action, object_kind, object_id) values ('kept', 'x', 'user', '1')`,
      );
      await first.close();
      const again = await openPglite(dir);
      try {
        expect((await again.query(`select actor from audit_log where actor = 'kept'`)).rows).toHaveLength(1);
      } finally {
        await again.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
