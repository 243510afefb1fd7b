// Transfer size of `<tk-chart>` on a brand page: gzip (level 9) of its first paint (the entry and every chunk it
// imports statically) against a 110 KB budget, and of the chart chunks it imports after it (klinecharts), listed
// apart and not counted. Checks that klinecharts is not in the first paint. Reads the build in dist/ (or
// TK_DIST_DIR); `npm run bench` builds it first. A build with source maps (`npx vite build --sourcemap`) also
// gets the bytes per library (React, klinecharts, i18next, …, our code by layer). Prints one JSON line.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST_DIR, entryKey, readManifest, staticFiles } from '../tests/fixtures/dist-graph';
import type { Manifest } from '../tests/fixtures/dist-graph';
import { gzipByLibrary, withoutMapComment } from './chart-size-libraries';

// 110 KiB at the first paint: the ~92 KB of the stack's libraries plus the shared core and the chart's frame.
const BUDGET_BYTES = 110 * 1024;
// An id klinecharts keeps in minified builds (its x-axis pane); no widget code names it.
const KLINECHARTS_MARKER = 'x_axis_pane';
const distDir = process.env.TK_DIST_DIR ?? DIST_DIR;

const gzipSize = (file: string) =>
  gzipSync(withoutMapComment(readFileSync(join(distDir, file), 'utf8')), { level: 9 }).length;
const hasKlinecharts = (file: string) =>
  readFileSync(join(distDir, file), 'utf8').includes(KLINECHARTS_MARKER);

/** The chart's own lazy modules (its engine); shared lazy files such as other languages are not its. */
function lazyKeys(manifest: Manifest, loaded: readonly string[]): string[] {
  const keys = Object.keys(manifest).filter((key) => loaded.includes(manifest[key]!.file));
  return [...new Set(keys.flatMap((key) => manifest[key]?.dynamicImports ?? []))].filter((key) =>
    key.includes('widgets/chart/'),
  );
}

const manifest = readManifest(distDir);
const firstLoad = staticFiles(manifest, entryKey(manifest, 'tk-chart'));
/** What the first paint's chart code loads after it, and what that loads in turn (its body, then the engine). */
function lazyFiles(): string[] {
  let files: string[] = [];
  for (let size = -1; files.length !== size;) {
    size = files.length;
    const keys = lazyKeys(manifest, [...firstLoad, ...files]);
    files = [...new Set(keys.flatMap((key) => staticFiles(manifest, key)))].filter(
      (file) => !firstLoad.includes(file),
    );
  }
  return files;
}
const lazy = lazyFiles();
const sized = (files: string[]) => files.map((file) => ({ file, gzipBytes: gzipSize(file) }));
const firstChunks = sized(firstLoad);
const lazyChunks = sized(lazy);
const sum = (chunks: Array<{ gzipBytes: number }>) => chunks.reduce((total, c) => total + c.gzipBytes, 0);
const firstLoadGzipBytes = sum(firstChunks);
const lazyGzipBytes = sum(lazyChunks);
const totalGzipBytes = firstLoadGzipBytes + lazyGzipBytes;
const chartOwnGzipBytes = sum(
  [...firstChunks, ...lazyChunks].filter((c) => c.file === 'widgets/tk-chart.js' || lazy.includes(c.file)),
);

const withinBudget = firstLoadGzipBytes <= BUDGET_BYTES;
console.log('tk-chart first paint, gzip -9, entry + statically imported chunks:');
for (const c of firstChunks) console.log(`${String(c.gzipBytes).padStart(8)} B  ${c.file}`);
console.log(
  `${String(firstLoadGzipBytes).padStart(8)} B  first paint total (budget ${BUDGET_BYTES} B: ${withinBudget ? 'within' : 'OVER'})`,
);
console.log('Imported dynamically after the first paint, not counted:');
for (const c of lazyChunks) console.log(`${String(c.gzipBytes).padStart(8)} B  ${c.file}`);
console.log(`${String(totalGzipBytes).padStart(8)} B  first paint + after it`);

/** What a chunk without source mappings holds, by its name (vite.config.ts names these chunks). */
function unmappedName(file: string): string | undefined {
  if (/\/strings-[\w-]+\.js$/.test(file)) return 'ours: English UI strings (JSON)';
  if (/\/rolldown-runtime-[\w-]+\.js$/.test(file)) return 'bundler runtime';
  return undefined;
}

/** Bytes per library, first load and after the first paint; null when the build has no source maps. */
function byLibrary(): Array<{ library: string; firstLoadGzipBytes: number; lazyGzipBytes: number }> | null {
  if (!firstLoad.every((file) => existsSync(join(distDir, `${file}.map`)) || file.includes('runtime')))
    return null;
  const rows = new Map<string, { library: string; firstLoadGzipBytes: number; lazyGzipBytes: number }>();
  for (const file of [...firstLoad, ...lazy])
    for (const [library, bytes] of gzipByLibrary(join(distDir, file), unmappedName(file))) {
      const row = rows.get(library) ?? { library, firstLoadGzipBytes: 0, lazyGzipBytes: 0 };
      row[lazy.includes(file) ? 'lazyGzipBytes' : 'firstLoadGzipBytes'] += bytes;
      rows.set(library, row);
    }
  return [...rows.values()].sort(
    (a, b) => b.firstLoadGzipBytes + b.lazyGzipBytes - a.firstLoadGzipBytes - a.lazyGzipBytes,
  );
}
const libraries = byLibrary();
if (libraries) {
  console.log('by library (gzip bytes: first load, after first paint):');
  for (const row of libraries)
    console.log(
      `${String(row.firstLoadGzipBytes).padStart(8)} ${String(row.lazyGzipBytes).padStart(8)}  ${row.library}`,
    );
} else console.log('(build with `npx vite build --sourcemap` for the bytes per library)');
console.log(
  JSON.stringify({
    firstLoadGzipBytes,
    lazyGzipBytes,
    totalGzipBytes,
    chartOwnGzipBytes,
    sharedGzipBytes: totalGzipBytes - chartOwnGzipBytes,
    budgetBytes: BUDGET_BYTES,
    withinBudget,
    klinechartsInFirstLoad: firstLoad.some(hasKlinecharts),
    klinechartsLoadedLazily: lazy.some(hasKlinecharts),
    chunks: [...firstChunks, ...lazyChunks.map((c) => ({ ...c, lazy: true }))],
    byLibrary: libraries,
  }),
);
