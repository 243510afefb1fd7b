/**
 * Tests only: a closed `memory://` test database that started from the migrated template goes back to exactly
 * that template and waits for the next open in the same process, instead of closing PGlite and starting a new
 * one from the 40 MB dump (about 0.3–0.7 s of CPU per open; a `test:fast` run opens about 140). What it does
 * on close: `DISCARD ALL` (session settings, temporary tables, advisory locks, LISTENs, prepared statements),
 * every table written since it was last emptied emptied again (TR55), the template's own rows put back, every
 * sequence set to its template value. It is kept only when its catalogue then reads exactly as the template's
 * (tables, columns, defaults, constraints, indexes, functions, triggers, types, views, schemas, roles,
 * extensions); anything else a test left (a table of its own, a replaced function, an open transaction) closes
 * it for good. The product never reaches this: only `useMemoryTemplate` (the server tests' setup) turns it on.
 */
import type { PGlite } from '@electric-sql/pglite';

/** What a database right after the template reads: checked after every reset. */
export interface TemplateState {
  fingerprint: string;
  /** The template's own rows (migrations' seeds), as JSON, with the columns they are put back into. */
  seeds: Array<{ table: string; columns: string[]; rows: string }>;
  sequences: Array<{ name: string; value: string; called: boolean }>;
  /** Each table's size on disk in the template (its rows and its TOAST table), in bytes. */
  bytes: Record<string, number>;
}

/**
 * A table written since its last truncation is emptied with DELETE, which costs a few row writes, while TRUNCATE
 * gives it and each of its indexes a new file (about 1 ms a table in PGlite). DELETE leaves the space of its rows
 * behind: a table grown past this, or past four times its template size, is truncated instead, so that the space
 * a reused database carries stays bounded.
 */
export const TRUNCATE_ABOVE_BYTES = 256 * 1024;

const USER_NAMESPACES = `select oid from pg_namespace
  where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_toast%' and nspname not like 'pg\\_temp%'`;

/** One line per catalogue object a test could add, drop or change; the template's must come back unchanged. */
const FINGERPRINT = `select md5(coalesce(string_agg(x, E'\\n' order by x), '')) as fingerprint from (
  select 'n ' || nspname as x from pg_namespace where oid in (${USER_NAMESPACES})
  union all select 'c ' || c.oid::regclass::text || ' ' || c.relkind::text || ' ' || c.relpersistence::text
    from pg_class c where c.relnamespace in (${USER_NAMESPACES})
  union all select 'a ' || a.attrelid::regclass::text || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
      || ' ' || a.attnotnull || ' ' || a.attidentity::text || a.attgenerated::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where c.relnamespace in (${USER_NAMESPACES}) and a.attnum > 0 and not a.attisdropped
  union all select 'k ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
    from pg_constraint where connamespace in (${USER_NAMESPACES})
  union all select 'i ' || pg_get_indexdef(indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid
    where c.relnamespace in (${USER_NAMESPACES})
  union all select 'f ' || p.oid::regprocedure::text || ' ' || md5(coalesce(p.prosrc, '')) || ' ' || p.prokind::text
    from pg_proc p where p.pronamespace in (${USER_NAMESPACES})
  union all select 't ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text from pg_trigger where not tgisinternal
  union all select 'y ' || typnamespace::regnamespace::text || '.' || typname from pg_type
    where typnamespace in (${USER_NAMESPACES})
  union all select 'v ' || c.oid::regclass::text || ' ' || md5(pg_get_viewdef(c.oid)) from pg_class c
    where c.relkind in ('v', 'm') and c.relnamespace in (${USER_NAMESPACES})
  union all select 'r ' || ev_class::regclass::text || ' ' || rulename from pg_rewrite
    where ev_class in (select oid from pg_class where relnamespace in (${USER_NAMESPACES})) and rulename <> '_RETURN'
  union all select 'p ' || polrelid::regclass::text || ' ' || polname from pg_policy
  union all select 'o ' || rolname from pg_roles
  union all select 'e ' || extname || ' ' || extversion from pg_extension
  union all select 'd ' || coalesce(setdatabase::text, '') || ' ' || array_to_string(setconfig, ',') from pg_db_role_setting
  union all select 'l ' || count(*)::text from pg_largeobject_metadata
) objects`;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every table, its schema and name quoted, with the size of its rows' file (`rowFileBytes`: none until a row is
 * written) and that size with its TOAST table's (`bytes`: large values, an upload's bytes, live there).
 */
const TABLE_SIZES = `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name, c.oid,
    pg_relation_size(c.oid)::float8 as "rowFileBytes",
    (pg_relation_size(c.oid) + case when c.reltoastrelid = 0 then 0 else pg_relation_size(c.reltoastrelid) end)::float8
      as bytes,
    c.relkind = 'p' as partitioned
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and c.relnamespace in (${USER_NAMESPACES}) order by 1`;

interface TableSize {
  name: string;
  oid: number;
  rowFileBytes: number;
  bytes: number;
  partitioned: boolean;
}

async function readTableSizes(pg: PGlite): Promise<TableSize[]> {
  return (await pg.query<TableSize>(TABLE_SIZES)).rows;
}

async function readFingerprint(pg: PGlite): Promise<string> {
  return (await pg.query<{ fingerprint: string }>(FINGERPRINT)).rows[0]?.fingerprint ?? '';
}

/** What `pg`, fresh from the template, reads like: its catalogue's fingerprint, its rows, its sequences. */
export async function readTemplateState(pg: PGlite): Promise<TemplateState> {
  const tables = await readTableSizes(pg);
  const seeds: TemplateState['seeds'] = [];
  for (const table of tables) {
    const rows = (
      await pg.query<{ rows: string; n: number }>(
        `select coalesce(json_agg(t), '[]')::text as rows, count(*)::int as n from ${table.name} t`,
      )
    ).rows[0];
    if (!rows || rows.n === 0) continue;
    const columns = (
      await pg.query<{ name: string }>(
        `select attname as name from pg_attribute
          where attrelid = $1 and attnum > 0 and not attisdropped and attgenerated::text = '' order by attnum`,
        [table.oid],
      )
    ).rows.map((column) => quoteIdent(column.name));
    seeds.push({ table: table.name, columns, rows: rows.rows });
  }
  const sequences = (
    await pg.query<{ name: string; value: string; called: boolean }>(
      `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name,
              coalesce(last_value, start_value)::text as value, last_value is not null as called
         from pg_sequences order by 1`,
    )
  ).rows;
  const bytes = Object.fromEntries(tables.map((table) => [table.name, table.bytes]));
  return {
    fingerprint: await readFingerprint(pg),
    seeds,
    sequences,
    bytes,
  };
}

/**
 * Puts `pg` back to the template `state`; answers whether its catalogue then reads as the template's. Only the
 * tables written since they were last emptied are emptied (a table never written has an empty file): with DELETE,
 * foreign keys and triggers switched off for it (`session_replication_role`), or with TRUNCATE when it has grown,
 * with its TOAST table, past `TRUNCATE_ABOVE_BYTES`. Then the template's rows go back and every sequence takes its template value.
 */
export async function resetToTemplate(pg: PGlite, state: TemplateState): Promise<boolean> {
  // An open transaction (a test that never finished one) makes DISCARD ALL fail: that database is not kept.
  await pg.exec('discard all');
  const truncated: string[] = [];
  const deleted: string[] = [];
  for (const table of await readTableSizes(pg)) {
    if (table.partitioned || table.bytes > Math.max(TRUNCATE_ABOVE_BYTES, 4 * (state.bytes[table.name] ?? 0)))
      truncated.push(table.name);
    else if (table.rowFileBytes > 0) deleted.push(`delete from ${table.name};`);
  }
  if (truncated.length > 0) await pg.exec(`truncate ${truncated.join(', ')} cascade`);
  if (deleted.length > 0) {
    await pg.exec(`begin; set local session_replication_role = replica; ${deleted.join(' ')} commit;`);
  }
  for (const seed of state.seeds) {
    const columns = seed.columns.join(', ');
    await pg.query(
      `insert into ${seed.table} (${columns}) overriding system value
         select ${columns} from json_populate_recordset(null::${seed.table}, $1::json)`,
      [seed.rows],
    );
  }
  if (state.sequences.length > 0) {
    await pg.query(
      `select setval(name::regclass, value, called) from unnest($1::text[], $2::bigint[], $3::bool[])
         as s (name, value, called)`,
      [
        state.sequences.map((sequence) => sequence.name),
        state.sequences.map((sequence) => sequence.value),
        state.sequences.map((sequence) => sequence.called),
      ],
    );
  }
  return (await readFingerprint(pg)) === state.fingerprint;
}

/** The idle databases of one template file in this process, and what that template reads like. */
export class TemplateReuse {
  #state: Promise<TemplateState | undefined> | undefined;
  readonly #idle: PGlite[] = [];
  /** Databases reset and kept, and those closed instead (tests of this module read them). */
  readonly counts = { reused: 0, kept: 0, dropped: 0 };

  constructor(private readonly limit = 2) {}

  /** An idle database reset to the template, or undefined: the caller then opens a new one. */
  take(): PGlite | undefined {
    const pg = this.#idle.pop();
    if (pg) this.counts.reused += 1;
    return pg;
  }

  /**
   * Called with a database fresh from the template, before anything else runs on it. A template it cannot read
   * turns the reuse off for this process (every database is then closed as before) instead of failing the open.
   */
  async learn(pg: PGlite): Promise<void> {
    this.#state ??= readTemplateState(pg).catch(() => undefined);
    await this.#state;
  }

  /** Instead of closing: reset and keep `pg` when it reads as the template again, else close it. */
  async giveBack(pg: PGlite): Promise<void> {
    const state = this.#state ? await this.#state : undefined;
    const kept =
      state !== undefined &&
      this.#idle.length < this.limit &&
      (await resetToTemplate(pg, state).catch(() => false));
    if (kept) {
      this.counts.kept += 1;
      this.#idle.push(pg);
      return;
    }
    this.counts.dropped += 1;
    await pg.close();
  }

  /** Closes every idle database (a new template file, or the end of a test). */
  async drain(): Promise<void> {
    const idle = this.#idle.splice(0);
    await Promise.all(idle.map((pg) => pg.close()));
  }
}
