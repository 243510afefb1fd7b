// Transfer size of `<tk-chart>` on a brand page: gzip (level 9) of what loads before the first paint (the
// entry and every chunk it imports statically) and of the chart chunk loaded after it (klinecharts), against
// a 150 KB budget for both together. Checks that klinecharts is not in the first load. Reads the build in
// dist/ (or TK_DIST_DIR); `npm run bench` builds it first. Prints one JSON line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST_DIR, entryKey, readManifest, staticFiles } from '../tests/fixtures/dist-graph';
import type { Manifest } from '../tests/fixtures/dist-graph';

const BUDGET_BYTES = 150 * 1024;
// An id klinecharts keeps in minified builds (its x-axis pane); no widget code names it.
const KLINECHARTS_MARKER = 'x_axis_pane';
const distDir = process.env.TK_DIST_DIR ?? DIST_DIR;

const gzipSize = (file: string) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
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
const lazy = [...new Set(lazyKeys(manifest, firstLoad).flatMap((key) => staticFiles(manifest, key)))].filter(
  (file) => !firstLoad.includes(file),
);
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

for (const c of firstChunks) console.log(`${String(c.gzipBytes).padStart(8)} B  ${c.file}`);
for (const c of lazyChunks)
  console.log(`${String(c.gzipBytes).padStart(8)} B  ${c.file} (after first paint)`);
console.log(`${String(totalGzipBytes).padStart(8)} B  total (budget ${BUDGET_BYTES} B)`);
console.log(
  JSON.stringify({
    firstLoadGzipBytes,
    lazyGzipBytes,
    totalGzipBytes,
    chartOwnGzipBytes,
    sharedGzipBytes: totalGzipBytes - chartOwnGzipBytes,
    budgetBytes: BUDGET_BYTES,
    withinBudget: totalGzipBytes <= BUDGET_BYTES,
    klinechartsInFirstLoad: firstLoad.some(hasKlinecharts),
    klinechartsLoadedLazily: lazy.some(hasKlinecharts),
    chunks: [...firstChunks, ...lazyChunks.map((c) => ({ ...c, lazy: true }))],
  }),
);
