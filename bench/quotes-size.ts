// Transfer size of `<tk-quotes>` on a brand page: gzip (level 9) of the entry and every chunk it imports
// statically, against a 90 KB budget, broken down per chunk (vite.config.ts gives React, i18next, the STOMP
// client, jotai and each locale file chunks of their own: the widget loads the English common and quotes
// namespaces only). React and ReactDOM built alone are reported as the floor no React widget can go under.
// Chunks loaded only later are listed apart and not counted: a UI language other than English (its common and
// quotes files, after start, only on such a page) and the server-code messages (on the first failed call).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SUPPORTED_LANGUAGES } from '../src/core/i18n/language';
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
  'rolldown-runtime': 'bundler runtime',
};

/** The namespaces a page with `<tk-quotes>` alone loads (defineWidget): common and the widget's own. */
const QUOTES_NAMESPACES = ['common', 'quotes'];

/** Language and namespace of a locale chunk (vite.config.ts names them `strings-<lang>-<namespace>`). */
function localeOf(name: string | undefined): { lang: string; namespace: string } | undefined {
  const lang = SUPPORTED_LANGUAGES.find((code) => name?.startsWith(`strings-${code}-`));
  return lang && name ? { lang, namespace: name.slice(`strings-${lang}-`.length) } : undefined;
}

function gzipSize(file: string): number {
  return gzipSync(readFileSync(join(DIST_DIR, file)), { level: 9 }).length;
}

function labelOf(manifest: Manifest, file: string): string {
  const chunk = Object.values(manifest).find((c) => c.file === file);
  if (chunk?.isEntry) return 'entry (registration, r2wc, attribute map)';
  const locale = localeOf(chunk?.name);
  if (locale) return `UI strings: ${locale.lang}/${locale.namespace}`;
  return CHUNK_LABELS[chunk?.name ?? ''] ?? 'our code (core, shared widget code, quotes)';
}

/** Lazily loaded chunks by language: those whose chunk name matches `pattern` (language in group 1). */
function lazyChunks(manifest: Manifest, pattern: RegExp): Array<{ lang: string; gzipBytes: number }> {
  return Object.values(manifest)
    .flatMap((c) => {
      const lang = pattern.exec(c.name ?? '')?.[1];
      return lang ? [{ lang, gzipBytes: gzipSize(c.file) }] : [];
    })
    .sort((a, b) => a.lang.localeCompare(b.lang));
}

/** Per language other than English, the gzip bytes of its quotes-page namespaces (common + quotes). */
function quotesPageStrings(manifest: Manifest): Array<{ lang: string; gzipBytes: number }> {
  const bytes = new Map<string, number>();
  for (const chunk of Object.values(manifest)) {
    const locale = localeOf(chunk.name);
    if (!locale || locale.lang === 'en' || !QUOTES_NAMESPACES.includes(locale.namespace)) continue;
    bytes.set(locale.lang, (bytes.get(locale.lang) ?? 0) + gzipSize(chunk.file));
  }
  return [...bytes]
    .map(([lang, gzipBytes]) => ({ lang, gzipBytes }))
    .sort((a, b) => a.lang.localeCompare(b.lang));
}

const manifest = readManifest();
const files = staticFiles(manifest, entryKey(manifest, 'tk-quotes'));
const chunks = files.map((file) => ({ file, label: labelOf(manifest, file), gzipBytes: gzipSize(file) }));
const totalGzipBytes = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
const reactChunks = reactFiles(manifest).filter((file) => files.includes(file));
const reactChunkGzipBytes = reactChunks.reduce((sum, file) => sum + gzipSize(file), 0);
const reactFloor = await reactFloorGzipBytes();
const languages = quotesPageStrings(manifest);
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
console.log(
  `  UI strings of another language (common + quotes), after start on a page in it: ${perLanguage(languages)}`,
);
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
