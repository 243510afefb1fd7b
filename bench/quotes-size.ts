// Transfer size of `<tk-quotes>` on a brand page: gzip (level 9) of the entry and every chunk it imports
// statically, against a 90 KB budget, broken down per chunk (vite.config.ts gives React, i18next, the STOMP
// client, jotai and the English strings chunks of their own). React and ReactDOM built alone are reported as
// the floor no React widget can go under. Chunks loaded only later are listed apart and not counted: a UI
// language other than English (after start, only on such a page) and the server-code messages (on the first
// failed call).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST_DIR, entryKey, reactFiles, readManifest, staticFiles } from '../tests/fixtures/dist-graph';
import type { Manifest } from '../tests/fixtures/dist-graph';
import { reactFloorGzipBytes } from './react-floor';

// 90 KiB: React + ReactDOM (about 60 KB) plus the shared core, the socket client and the widget.
const QUOTES_BUDGET_BYTES = 90 * 1024;

/** What each named chunk of vite.config.ts carries; any other static chunk is our shared code. */
const CHUNK_LABELS: Record<string, string> = {
  react: 'React (react, react-dom, scheduler)',
  i18next: 'i18next',
  stomp: '@stomp/stompjs',
  jotai: 'jotai',
  'strings-en': 'English UI strings',
  'rolldown-runtime': 'bundler runtime',
};

function gzipSize(file: string): number {
  return gzipSync(readFileSync(join(DIST_DIR, file)), { level: 9 }).length;
}

function labelOf(manifest: Manifest, file: string): string {
  const chunk = Object.values(manifest).find((c) => c.file === file);
  if (chunk?.isEntry) return 'entry (registration, r2wc, attribute map)';
  return CHUNK_LABELS[chunk?.name ?? ''] ?? 'our code (core, shared widget code, quotes)';
}

/** Lazily loaded chunks by language: those whose source or chunk name matches `pattern` (language in group 1). */
function lazyChunks(manifest: Manifest, pattern: RegExp): Array<{ lang: string; gzipBytes: number }> {
  return Object.values(manifest)
    .flatMap((c) => {
      const lang = (pattern.exec(c.src ?? '') ?? pattern.exec(c.name ?? ''))?.[1];
      return lang ? [{ lang, gzipBytes: gzipSize(c.file) }] : [];
    })
    .sort((a, b) => a.lang.localeCompare(b.lang));
}

const manifest = readManifest();
const files = staticFiles(manifest, entryKey(manifest, 'tk-quotes'));
const chunks = files.map((file) => ({ file, label: labelOf(manifest, file), gzipBytes: gzipSize(file) }));
const totalGzipBytes = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
const reactChunks = reactFiles(manifest).filter((file) => files.includes(file));
const reactChunkGzipBytes = reactChunks.reduce((sum, file) => sum + gzipSize(file), 0);
const reactFloor = await reactFloorGzipBytes();
const languages = lazyChunks(manifest, /locales\/([\w-]+)\.json$/);
// vite.config.ts names these chunks `codes-<lang>`.
const codes = lazyChunks(manifest, /^codes-([\w-]+)$/);

const row = (bytes: number, label: string, note = '') =>
  console.log(`${String(bytes).padStart(8)} B  ${label.padEnd(44)} ${note}`);
console.log('tk-quotes, gzip -9, entry + statically imported chunks:');
for (const chunk of [...chunks].sort((a, b) => b.gzipBytes - a.gzipBytes))
  row(chunk.gzipBytes, chunk.label, chunk.file);
const verdict = totalGzipBytes <= QUOTES_BUDGET_BYTES ? 'within' : 'OVER';
row(totalGzipBytes, 'total', `budget ${QUOTES_BUDGET_BYTES} B: ${verdict}`);
row(totalGzipBytes - reactChunkGzipBytes, 'total without the shared React chunk');
row(reactFloor, 'react + react-dom/client built alone (floor)');
const perLanguage = (list: Array<{ lang: string; gzipBytes: number }>) =>
  list.map(({ lang, gzipBytes }) => `${lang} ${gzipBytes}`).join(', ') || 'none';
console.log('Loaded later, not counted (gzip bytes per language):');
console.log(`  UI strings of another language, after start on a page in it: ${perLanguage(languages)}`);
console.log(`  server-code messages, on the first failed call: ${perLanguage(codes)}`);
console.log(
  JSON.stringify({
    quotesGzipBytes: totalGzipBytes,
    reactFloorGzipBytes: reactFloor,
    reactChunkGzipBytes,
    reactChunks,
    budgetBytes: QUOTES_BUDGET_BYTES,
    withinBudget: totalGzipBytes <= QUOTES_BUDGET_BYTES,
    chunks,
    languages,
    codes,
  }),
);
