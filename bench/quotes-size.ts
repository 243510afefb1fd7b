// Transfer size of `<tk-quotes>` on a brand page at its first paint: gzip (level 9) of the entry and every chunk
// it imports statically, against a 100 KB budget, and of our own code in it (everything but the React, i18next,
// @stomp/stompjs and jotai chunks: our core and widget code, r2wc, the bundler runtime, the English strings)
// against 12 KB; broken down per chunk (vite.config.ts gives React, i18next, the STOMP client, jotai and each
// locale file chunks of their own: the widget loads the English common and quotes namespaces only). React and
// ReactDOM built alone are reported as the floor no React widget can go under. Chunks the widget imports
// dynamically (after the first paint: the mini-chart series, the system config, a UI language other than
// English, the server-code messages on the first failed call) are listed apart and not counted. A second widget
// on the same page (each other widget of the build) adds the first-paint chunks tk-quotes did not load: ≤ 10 KB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SUPPORTED_LANGUAGES } from '../src/core/i18n/language';
import {
  DIST_DIR,
  entryKey,
  reactFiles,
  readManifest,
  staticFiles,
  widgetTags,
} from '../tests/fixtures/dist-graph';
import type { Manifest } from '../tests/fixtures/dist-graph';
import { reactFloorGzipBytes } from './react-floor';

// 100 KiB at the first paint: the libraries of the stack (React 67.4, i18next 15.6, jotai 3.5; @stomp/stompjs
// loads after it) plus at most 12 KiB of our own code (tests/e2e/widget-size.e2e.ts holds both).
const QUOTES_BUDGET_BYTES = 100 * 1024;
const OWN_CODE_BUDGET_BYTES = 12 * 1024;
const SECOND_WIDGET_BUDGET_BYTES = 10 * 1024;
/** The chunks of the libraries of the stack (vite.config.ts names them); everything else is ours. */
const LIBRARY_CHUNKS = ['react', 'i18next', 'stomp', 'jotai'];

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

/**
 * Our chunks the first paint imports dynamically, with what they import that is not loaded yet (the language
 * and code-message chunks are reported per language below).
 */
function lazyOwnChunks(
  manifest: Manifest,
  loaded: readonly string[],
): Array<{ file: string; gzipBytes: number }> {
  const keys = Object.keys(manifest).filter((key) => loaded.includes(manifest[key]!.file));
  const lazyKeys = [...new Set(keys.flatMap((key) => manifest[key]?.dynamicImports ?? []))].filter(
    (key) => !localeOf(manifest[key]?.name) && !/^codes-/.test(manifest[key]?.name ?? ''),
  );
  const files = [...new Set(lazyKeys.flatMap((key) => staticFiles(manifest, key)))].filter(
    (file) => !loaded.includes(file),
  );
  return files.map((file) => ({ file, gzipBytes: gzipSize(file) }));
}

const manifest = readManifest();
const files = staticFiles(manifest, entryKey(manifest, 'tk-quotes'));
const chunks = files.map((file) => ({ file, label: labelOf(manifest, file), gzipBytes: gzipSize(file) }));
const totalGzipBytes = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
const isLibrary = (file: string) =>
  LIBRARY_CHUNKS.includes(Object.values(manifest).find((c) => c.file === file)?.name ?? '');
const ownGzipBytes = chunks.filter((c) => !isLibrary(c.file)).reduce((sum, c) => sum + c.gzipBytes, 0);
const afterFirstPaint = lazyOwnChunks(manifest, files);
// Every other widget the build defines, as the second one on a page with tk-quotes.
const secondWidgets = widgetTags(manifest)
  .filter((tag) => tag !== 'tk-quotes')
  .map((tag) => {
    const extra = staticFiles(manifest, entryKey(manifest, tag)).filter((file) => !files.includes(file));
    return { tag, files: extra, gzipBytes: extra.reduce((sum, file) => sum + gzipSize(file), 0) };
  });
const reactChunks = reactFiles(manifest).filter((file) => files.includes(file));
const reactChunkGzipBytes = reactChunks.reduce((sum, file) => sum + gzipSize(file), 0);
const reactFloor = await reactFloorGzipBytes();
const languages = quotesPageStrings(manifest);
// vite.config.ts names these chunks `codes-<lang>`.
const codes = lazyChunks(manifest, /^codes-([\w-]+)$/);

const row = (bytes: number, label: string, note = '') =>
  console.log(`${String(bytes).padStart(8)} B  ${label.padEnd(44)} ${note}`);
console.log('tk-quotes first paint, gzip -9, entry + statically imported chunks:');
for (const chunk of [...chunks].sort((a, b) => b.gzipBytes - a.gzipBytes))
  row(chunk.gzipBytes, chunk.label, chunk.file);
const within = (bytes: number, budget: number) =>
  `budget ${budget} B: ${bytes <= budget ? 'within' : 'OVER'}`;
row(totalGzipBytes, 'first paint total', within(totalGzipBytes, QUOTES_BUDGET_BYTES));
row(ownGzipBytes, 'our own code (all but the 4 library chunks)', within(ownGzipBytes, OWN_CODE_BUDGET_BYTES));
row(totalGzipBytes - reactChunkGzipBytes, 'total without the shared React chunk');
row(reactFloor, 'react + react-dom/client built alone (floor)');
console.log('Imported dynamically after the first paint, not counted:');
for (const chunk of afterFirstPaint) row(chunk.gzipBytes, 'our code (lazy)', chunk.file);
console.log('A second widget on the page: its first-paint chunks that tk-quotes did not load:');
for (const second of secondWidgets)
  row(
    second.gzipBytes,
    `${second.tag} after tk-quotes`,
    within(second.gzipBytes, SECOND_WIDGET_BUDGET_BYTES),
  );
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
    ownGzipBytes,
    ownBudgetBytes: OWN_CODE_BUDGET_BYTES,
    ownWithinBudget: ownGzipBytes <= OWN_CODE_BUDGET_BYTES,
    chunks,
    afterFirstPaint,
    secondWidgets,
    secondWidgetBudgetBytes: SECOND_WIDGET_BUDGET_BYTES,
    languages,
    codes,
  }),
);
