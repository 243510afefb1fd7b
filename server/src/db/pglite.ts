import { access, mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { createKeyedMutex } from './mutex';
import { TemplateReuse } from './pglite-reuse';
import type { Db, Queryable } from './types';

const asText = (value: string) => value;

/**
 * PGlite parses NUMERIC as text already but INT8 as bigint; both are forced to text so that amounts and
 * ids read the same as on node-postgres. TIMESTAMPTZ stays a Date (the default of both drivers). BYTEA reads
 * as a Buffer, as on node-postgres, decoded by Node: PGlite's own parser builds it a byte at a time.
 */
const PARSERS = {
  [types.NUMERIC]: asText,
  [types.INT8]: asText,
  [types.BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex'),
};

/**
 * BYTEA parameters as hex text written by Node: PGlite's own serializer maps every byte through a string (a
 * 9 MB deposit proof took 2.1 s to insert; 0.25 s this way). The text is what PostgreSQL reads either way.
 */
const SERIALIZERS = {
  [types.BYTEA]: (value: unknown) => {
    if (!(value instanceof Uint8Array)) throw new TypeError('A bytea parameter must be a Uint8Array');
    return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  },
};

/** How every PGlite of this module reads and writes values. */
const CODECS = { parsers: PARSERS, serializers: SERIALIZERS };

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(conn: PgliteLike): Queryable {
  return {
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await conn.query<T>(sql, params)).rows }),
    exec: async (sql: string) => {
      await conn.exec(sql);
    },
  };
}

interface TemplateFiles {
  /** A database after every migration. */
  migrated?: string;
  /** A database right after initdb, before any migration (what `template: false` starts from). */
  empty?: string;
}

let templateFiles: TemplateFiles = {};
const templates = new Map<string, Promise<Blob>>();
/** Closed test databases of the migrated template, reset and kept for the next open (./pglite-reuse.ts). */
let reuse = new TemplateReuse();
let fsBundle: Promise<Blob> | undefined;

/**
 * A Blob over bytes held in memory, read by PGlite with `arrayBuffer()`. Node's own Blob assembles a fresh copy
 * from 64 KiB chunks on each read: for a 40 MB database dump, a quarter of the CPU of opening a test database.
 * A `loadDataDir` tarball is handed out as is, since PGlite copies each file out of it into its own file
 * system; the `fsBundle` is handed out as a copy, since its files keep pointing into the buffer they came in.
 */
class BytesBlob extends Blob {
  readonly #bytes: ArrayBuffer;
  readonly #copied: boolean;
  constructor(bytes: Uint8Array, type: string, handOut: 'as-is' | 'copy') {
    super([], { type });
    this.#bytes = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    this.#copied = handOut === 'copy';
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#copied ? this.#bytes.slice(0) : this.#bytes);
  }
}

/**
 * A throw-away test database holds a few megabytes, and PostgreSQL clears its shared buffers at every start:
 * 16 MB of them instead of PGlite's 128 MB takes most of what opening one from a template costs.
 */
const TEMPLATE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Tests only: throw-away `memory://` databases start as a copy of a `dumpDataDir()` file (a database already
 * migrated, or an empty one for migration tests) instead of running initdb and every migration again, which
 * costs seconds per database; so does a new data directory on disk (the restart suites, TR42), unless opened with
 * `template: false`. The product never calls this, so `npm start` and its data dirs are unchanged.
 */
export function useMemoryTemplate(files: TemplateFiles): void {
  // Called again by every test file of a worker (its setup file): the dumps read stay while the files are the same.
  if (files.migrated === templateFiles.migrated && files.empty === templateFiles.empty) return;
  templateFiles = files;
  templates.clear();
  void reuse.drain();
  reuse = new TemplateReuse();
}

/** Tests only: what the reuse of closed test databases did in this process (./pglite-reuse.ts). */
export function templateReuseCounts(): TemplateReuse['counts'] {
  return { ...reuse.counts };
}

function memoryTemplate(kind: keyof TemplateFiles): Promise<Blob> | undefined {
  const file = templateFiles[kind];
  if (!file) return undefined;
  let blob = templates.get(file);
  if (!blob) {
    blob = readFile(file).then((bytes) => new BytesBlob(bytes, 'application/x-tar', 'as-is'));
    templates.set(file, blob);
  }
  return blob;
}

/** PGlite's file-system bundle (share/, lib/), read once per process instead of once per database. */
function pgliteFsBundle(): Promise<Blob> {
  fsBundle ??= readFile(
    join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.data'),
  ).then((bytes) => new BytesBlob(bytes, 'application/octet-stream', 'copy'));
  return fsBundle;
}

/** Whether `dataDir` holds a database already (initdb writes PG_VERSION first). */
const hasDatabase = (dataDir: string) =>
  access(join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );

/** Options of `openPglite`. */
export interface OpenPgliteOptions {
  /** `false`: a `memory://` database starts empty, unmigrated, even when a template is set (migration tests). */
  template?: boolean;
}

/**
 * Opens the embedded database in `dataDir` (created when missing; `memory://` for a throw-away one).
 * PGlite is one connection: it already queues queries behind an open transaction, so no extra lock is needed.
 */
export async function openPglite(dataDir: string, options: OpenPgliteOptions = {}): Promise<Db> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const kind = options.template === false ? 'empty' : 'migrated';
  // Tests: a new data directory on disk starts as the migrated template too (TR42); an existing one opens as is.
  // Without a template (the product) the disk is not looked at.
  const fromTemplate =
    inMemory ||
    (kind === 'migrated' && templateFiles.migrated !== undefined && !(await hasDatabase(dataDir)));
  const loadDataDir = fromTemplate ? await memoryTemplate(kind) : undefined;
  // A test database of the migrated template: one closed earlier in this process, reset, when there is one.
  const reusable = inMemory && loadDataDir !== undefined && kind === 'migrated' ? reuse : undefined;
  const idle = reusable?.take();
  if (idle && reusable) return asDb(idle, () => reusable.giveBack(idle));
  const pg = await PGlite.create(dataDir, {
    ...CODECS,
    ...(loadDataDir
      ? { loadDataDir, fsBundle: await pgliteFsBundle(), startParams: TEMPLATE_START_PARAMS }
      : {}),
  });
  if (!reusable) return asDb(pg, () => pg.close());
  await reusable.learn(pg);
  return asDb(pg, () => reusable.giveBack(pg));
}

/** The handle of one open: refuses work once closed, as PGlite itself does, even when its PGlite is kept. */
function asDb(pg: PGlite, close: () => Promise<void>): Db {
  const runExclusive = createKeyedMutex();
  let closed = false;
  const open = (): PGlite => {
    if (closed) throw new Error('PGlite is closed');
    return pg;
  };
  const conn: PgliteLike = {
    query: async (sql, params) => open().query(sql, params),
    exec: async (sql) => open().exec(sql),
  };
  return {
    kind: 'pglite',
    ...wrap(conn),
    transaction: async (fn) => open().transaction((tx) => fn(wrap(tx))),
    exclusive: (key, fn) => runExclusive(key, fn),
    close: async () => {
      if (closed) return;
      closed = true;
      await close();
    },
  };
}

/** Tests only: a new empty `memory://` database prepared by `prepare`, returned as a `dumpDataDir()` tarball. */
export async function dumpPreparedMemoryDatabase(prepare: (db: Db) => Promise<void>): Promise<Blob> {
  const pg = await PGlite.create('memory://', CODECS);
  try {
    await prepare(asDb(pg, async () => undefined));
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}
