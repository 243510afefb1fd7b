// Node side of the quote render benchmarks: builds the bench's browser entries (page.ts: the widget on an
// in-page socket; wire.ts: the probe of a page that loads the built widget from the platform server; floor.ts:
// the hand-written page of the same symbols on the same socket, the probe's floor) with the
// project's minifier, serves them from a tiny HTTP server on an origin of their own and opens them in Chromium
// (building, browser and result wait shared with the chart benchmarks: bench/chart-harness.ts).
import { cpSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { benchResult, buildEntries } from '../chart-harness';

export { launchBrowser } from '../chart-harness';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** Where the bench pages are built (under bench/results/, which git ignores). */
const OUT_DIR = resolve(ROOT, 'bench', 'results', '.quotes-render');
const SOURCES = ['src', 'bench/quotes-render', 'package-lock.json'];

/** Where the platform server of the wire benchmarks serves the widgets from (a copy of dist/, see below). */
export const DIST_COPY = resolve(ROOT, 'bench', 'results', '.quotes-render-dist');

/**
 * Copy the widgets of dist/ (the build `npm run bench` makes) for the platform server to serve: a build started
 * while the benchmark runs would otherwise swap files under a loading page. Throws when the copy is not one
 * whole build (a build was writing dist/ meanwhile).
 */
export function copyWidgets(): string {
  const dist = resolve(ROOT, 'dist');
  rmSync(DIST_COPY, { recursive: true, force: true });
  cpSync(join(dist, '.vite'), join(DIST_COPY, '.vite'), { recursive: true });
  cpSync(join(dist, 'widgets'), join(DIST_COPY, 'widgets'), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(DIST_COPY, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const missing = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.startsWith('widgets/') && !existsSync(join(DIST_COPY, file)));
  if (missing.length > 0 || !existsSync(join(DIST_COPY, 'widgets', 'tk-quotes.js')))
    throw new Error(`dist/ changed while it was copied (${missing.length} files missing): build again`);
  return DIST_COPY;
}

/** Build the bench entries unless the last build is newer than every source. */
export function buildPages(): Promise<void> {
  return buildEntries(OUT_DIR, SOURCES, {
    page: 'bench/quotes-render/page.ts',
    wire: 'bench/quotes-render/wire.ts',
    floor: 'bench/quotes-render/floor.ts',
  });
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css' };
const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** What a wire page embeds: the platform's widget script and one <tk-quotes> with these attributes. */
export interface WirePage {
  platform: string;
  attributes: Record<string, string>;
}

/**
 * Serve the built entries. `/inpage?…` is a blank page running page.js, `/floor?…` one running floor.js;
 * `/wire/{id}` is a partner's page
 * (registered with `addWirePage`): the probe first, then the platform's `widgets/tk-quotes.js` and the element.
 */
export async function servePages() {
  const wirePages = new Map<string, WirePage>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://bench');
    const html = (body: string) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><meta charset="utf-8"><body style="margin:0">${body}`);
    };
    if (url.pathname === '/inpage') return html('<script type="module" src="/page.js"></script>');
    if (url.pathname === '/floor') return html('<script type="module" src="/floor.js"></script>');
    const wire = url.pathname.startsWith('/wire/') ? wirePages.get(url.pathname.slice(6)) : undefined;
    if (wire) {
      const attributes = Object.entries({ api: wire.platform, ...wire.attributes })
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join('');
      return html(
        '<script type="module" src="/wire.js"></script>' +
          `<script type="module" src="${escapeHtml(wire.platform)}/widgets/tk-quotes.js"></script>` +
          `<tk-quotes${attributes} style="display:block"></tk-quotes>`,
      );
    }
    const file = normalize(join(OUT_DIR, url.pathname));
    if (!file.startsWith(OUT_DIR) || !existsSync(file) || statSync(file).isDirectory()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    /** Register a partner page; returns its URL. */
    addWirePage(id: string, page: WirePage): string {
      wirePages.set(id, page);
      return `${origin}/wire/${id}`;
    },
    /** The hand-written page of `symbols` on `platform`'s market socket (floor.ts). */
    floorPage(platform: string, symbols: readonly string[]): string {
      return `${origin}/floor?${new URLSearchParams({ platform, symbols: symbols.join() })}`;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** Open `url` in a fresh 1440 × 900 page and wait for its `__bench.result` (or error). */
export async function openBench(browser: Browser, url: string): Promise<{ page: Page; result: unknown }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (error) => console.error(`[bench page] ${error.message}`));
  await page.goto(url);
  return { page, result: await benchResult(page, 120_000) };
}
