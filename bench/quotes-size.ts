// Transfer size of `<tk-quotes>` on a brand page: gzip (level 9) of the entry and every chunk it imports
// statically, against a 90 KB budget. React and ReactDOM built alone are reported as the floor no React
// widget can go under; the chunk of our build that carries React is reported beside it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST_DIR, entryKey, reactFiles, readManifest, staticFiles } from '../tests/fixtures/dist-graph';
import { reactFloorGzipBytes } from './react-floor';

// 90 KiB: React + ReactDOM (about 60 KB) plus the shared core, the socket client and the widget.
const QUOTES_BUDGET_BYTES = 90 * 1024;

function gzipSize(file: string): number {
  return gzipSync(readFileSync(join(DIST_DIR, file)), { level: 9 }).length;
}

const manifest = readManifest();
const files = staticFiles(manifest, entryKey(manifest, 'tk-quotes'));
const chunks = files.map((file) => ({ file, gzipBytes: gzipSize(file) }));
const totalGzipBytes = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
const reactChunks = reactFiles(manifest).filter((file) => files.includes(file));
const reactChunkGzipBytes = reactChunks.reduce((sum, file) => sum + gzipSize(file), 0);
const reactFloor = await reactFloorGzipBytes();

for (const chunk of chunks) console.log(`${String(chunk.gzipBytes).padStart(8)} B  ${chunk.file}`);
console.log(`${String(totalGzipBytes).padStart(8)} B  total (budget ${QUOTES_BUDGET_BYTES} B)`);
console.log(`${String(reactFloor).padStart(8)} B  react + react-dom/client built alone`);
console.log(
  JSON.stringify({
    quotesGzipBytes: totalGzipBytes,
    reactFloorGzipBytes: reactFloor,
    reactChunkGzipBytes,
    reactChunks,
    budgetBytes: QUOTES_BUDGET_BYTES,
    withinBudget: totalGzipBytes <= QUOTES_BUDGET_BYTES,
    chunks,
  }),
);
