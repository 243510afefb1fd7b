// Node side of the chart benchmarks: builds the bench pages (bench/chart-page.ts, bench/chart-cold.ts) with
// the project's minifier, serves them from a tiny HTTP server and drives them in Chromium. The building, the
// browser and the wait for a page's result are shared with the quote render benchmarks (quotes-render/harness.ts).
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { build, loadConfigFromFile } from 'vite';
import { CHROMIUM_ARGS } from '../tests/fixtures/chromium';

const ROOT = resolve(import.meta.dirname, '..');
/** Where the bench pages are built (under bench/results/, which git ignores). */
export const BENCH_DIR = resolve(ROOT, 'bench', 'results', '.chart-bench');
const SOURCES = [
  'src',
  'bench/chart-page.ts',
  'bench/chart-cold.ts',
  'bench/chart-fixture.ts',
  'package-lock.json',
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

/**
 * Build bench entries (name → source file) into `outDir` with the project's minifier, unless the last build
 * there is newer than every one of `sources` (paths from the repository root).
 */
export async function buildEntries(
  outDir: string,
  sources: readonly string[],
  input: Record<string, string>,
): Promise<void> {
  const stamp = join(outDir, '.built');
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  if (builtAt > 0 && sources.every((source) => newest(resolve(ROOT, source)) < builtAt)) return;
  const project = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    resolve(ROOT, 'vite.config.ts'),
  );
  const { minify = true, terserOptions } = project?.config.build ?? {};
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      // TK_BENCH_NO_MINIFY=1 keeps names readable for a profile of the bench pages.
      minify: process.env.TK_BENCH_NO_MINIFY ? false : minify,
      terserOptions,
      chunkSizeWarningLimit: 4096,
      rollupOptions: {
        input: Object.fromEntries(Object.entries(input).map(([name, file]) => [name, resolve(ROOT, file)])),
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
  writeFileSync(stamp, new Date().toISOString());
}

/** Build the bench pages unless the last build is newer than every source. */
export function buildBenchPages(): Promise<void> {
  return buildEntries(BENCH_DIR, SOURCES, { page: 'bench/chart-page.ts', cold: 'bench/chart-cold.ts' });
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

/** Serve BENCH_DIR: `/?entry=page|cold&…` is a blank page loading that entry; other paths are files. */
export async function serveBenchPages(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://bench');
    if (url.pathname === '/') {
      const entry = url.searchParams.get('entry') === 'cold' ? 'cold' : 'page';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><meta charset="utf-8"><body style="margin:0"><script type="module" src="/${entry}.js"></script>`,
      );
      return;
    }
    const file = normalize(join(BENCH_DIR, url.pathname));
    if (!file.startsWith(BENCH_DIR) || !existsSync(file) || statSync(file).isDirectory()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** Chromium headless with the flags of this project's browser runs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--disable-gpu'],
  });
}

/** Wait for a bench page's `__bench.result` (or its error) and return it. */
export async function benchResult(page: Page, timeoutMs: number): Promise<unknown> {
  await page.waitForFunction(
    () => {
      const bench = (window as unknown as { __bench?: { result?: unknown; error?: string } }).__bench;
      return bench?.result !== undefined || bench?.error !== undefined;
    },
    undefined,
    { timeout: timeoutMs, polling: 50 },
  );
  const { result, error } = await page.evaluate(
    () => (window as unknown as { __bench: { result?: unknown; error?: string } }).__bench,
  );
  if (error) throw new Error(`bench page failed: ${error}`);
  return result;
}

/** Open `/?query` in a fresh page, wait for the page's `__bench.result` and return it with the page. */
export async function openBench(
  browser: Browser,
  origin: string,
  query: string,
): Promise<{ page: Page; result: unknown }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (error) => console.error(`[bench page] ${error.message}`));
  await page.goto(`${origin}/?${query}`);
  return { page, result: await benchResult(page, 60_000) };
}

/** The value at quantile `q` (0…1) of `values`. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Round to 3 decimals for the JSON line. */
export const round = (value: number) => Math.round(value * 1000) / 1000;
