/**
 * What actually reaches a browser (issue #23, EK11): each widget alone on a partner page, and tk-quotes with
 * tk-chart together, opened in Chromium against the real server on the built `dist` (a fresh browser context
 * per page: a first visit, empty cache). Counted: every HTTP response from the platform's origin until the page
 * is settled (the widgets rendered and no request to the platform in flight for 500 ms): scripts,
 * CSS, JSON answers, images, CORS preflights. Not counted: the partner's own page, and the WebSocket (its
 * handshake and frames are the live feed, not the first paint). A visitor is signed out, as on a brand's page.
 *
 * The lite tk-quotes (Preact, EK14) is measured too when the build has it.
 *
 * Per page: `transferred` is the body bytes on the wire (CDP `Network.loadingFinished.encodedDataLength` minus
 * the response headers), `headers` the response header bytes, `raw` the decoded bodies, and `floor` gzip -9 of
 * each decoded body (what the same responses would weigh with the best gzip and no brotli). The budget: what is
 * transferred stays within the floor.
 *
 *   npx tsx bench/transfer-size.ts   env: CHROMIUM_PATH (/usr/bin/chromium)
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { buildApp } from '../server/src/app';
import { DIST_DIR, reactFiles, readManifest, widgetTags } from '../tests/fixtures/dist-graph';
import { CHROMIUM_ARGS } from '../tests/fixtures/chromium';

/** How long the platform must have had no request in flight for the page to count as settled. */
const QUIET_MS = 500;

/** Attributes a widget needs beyond `api` to show something on a partner page. */
const EXTRA_ATTRIBUTES: Record<string, string> = {
  'tk-chart': 'symbol="BTCUSDT"',
  'tk-order-form': 'symbol="BTCUSDT"',
  'tk-option-form': 'symbol="BTCUSDT"',
};

export type Kind = 'script' | 'css' | 'json' | 'image' | 'preflight' | 'other';
export interface Counted {
  url: string;
  kind: Kind;
  status: number;
  encoding: string;
  headerBytes: number;
  bodyBytes: number;
  rawBytes: number;
  floorBytes: number;
}

interface Pending {
  url: string;
  type: string;
  status?: number;
  encoding?: string;
  mimeType?: string;
  headerBytes?: number;
  contentLength?: number;
}

/** What a response is, from the CDP resource type and its MIME type. */
export function kindOf(type: string, mimeType: string): Kind {
  if (type === 'Preflight') return 'preflight';
  if (type === 'Script' || /javascript/.test(mimeType)) return 'script';
  if (type === 'Stylesheet' || mimeType === 'text/css') return 'css';
  if (/json/.test(mimeType)) return 'json';
  if (type === 'Image' || mimeType.startsWith('image/')) return 'image';
  return 'other';
}

/** A widget entry under /widgets (`tk-quotes`, `lite/tk-quotes`: the Preact build, EK14) → its element name. */
const elementOf = (entry: string) => entry.replace(/^lite\//, '');
/** How a page is named in the table. */
const labelOf = (entries: readonly string[]) =>
  entries.map((entry) => (entry.startsWith('lite/') ? `${elementOf(entry)} (lite)` : entry)).join(' + ');

/** A partner's page on its own origin: one script and one element per widget, as the snippet reads. */
function partnerPage(platform: string, entries: readonly string[]): string {
  const scripts = entries.map(
    (entry) => `<script type="module" src="${platform}/widgets/${entry}.js"></script>`,
  );
  const elements = entries
    .map(elementOf)
    .map((tag) => `<${tag} api="${platform}" ${EXTRA_ATTRIBUTES[tag] ?? ''}></${tag}>`);
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>partner</title><link rel="icon" href="data:,">${scripts.join('')}<body>${elements.join('')}</body></html>`;
}

/** Records every response of the platform's origin on a page, then reads their bodies. */
function recorder(cdp: CDPSession, platform: string) {
  const pending = new Map<string, Pending>();
  const finished: Array<{ id: string; entry: Pending; total: number }> = [];
  const done = new Set<string>();
  let lastActivity = performance.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (new URL(event.request.url).origin === platform) {
      pending.set(event.requestId, { url: event.request.url, type: event.type ?? 'Other' });
      lastActivity = performance.now();
    }
  });
  cdp.on('Network.responseReceived', (event) => {
    const entry = pending.get(event.requestId);
    if (!entry) return;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    entry.status = event.response.status;
    entry.mimeType = event.response.mimeType;
    entry.encoding = headers['content-encoding'] ?? 'identity';
    entry.contentLength =
      headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
    // Bytes received when the headers were parsed: the status line and the headers (HTTP/1.1).
    entry.headerBytes = event.response.encodedDataLength;
    if (event.type === 'Preflight') entry.type = 'Preflight';
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = pending.get(event.requestId);
    if (!entry) return;
    finished.push({ id: event.requestId, entry, total: event.encodedDataLength });
    done.add(event.requestId);
    lastActivity = performance.now();
  });
  const failures: string[] = [];
  const aborted: string[] = [];
  cdp.on('Network.loadingFailed', (event) => {
    const entry = pending.get(event.requestId);
    if (!entry) return;
    done.add(event.requestId);
    // Chromium drops a duplicate load of a module it is already fetching (a preload and the import racing):
    // nothing arrived for it. Any other failure is a broken page, not a figure.
    if (event.errorText === 'net::ERR_ABORTED') aborted.push(new URL(entry.url).pathname);
    else failures.push(`${entry.url}: ${event.errorText}`);
  });
  return {
    failures,
    aborted,
    /**
     * Resolves once no request of the platform has been in flight for QUIET_MS (Playwright's `networkidle`, but
     * for the platform's origin only: the widgets' blob workers never "finish" for it), or fails after 30 s.
     */
    async settled(page: Page): Promise<void> {
      const deadline = performance.now() + 30_000;
      for (;;) {
        const idle = pending.size === done.size && performance.now() - lastActivity >= QUIET_MS;
        if (idle) return;
        if (performance.now() > deadline) throw new Error('the platform never went quiet');
        await page.waitForTimeout(50);
      }
    },
    async collect(): Promise<Counted[]> {
      const counted: Counted[] = [];
      for (const { id, entry, total } of finished) {
        let raw = Buffer.alloc(0);
        if (entry.type !== 'Preflight' && entry.status !== 204) {
          const body = await cdp.send('Network.getResponseBody', { requestId: id });
          raw = Buffer.from(body.body, body.base64Encoded ? 'base64' : 'utf8');
        }
        const headerBytes = entry.headerBytes ?? 0;
        // A preflight is headers only (Chromium reports 0 for its loadingFinished).
        const bodyBytes = entry.type === 'Preflight' ? 0 : total - headerBytes;
        // The wire length must be the body the server declared: else the figure would not be what it says.
        if (
          entry.type !== 'Preflight' &&
          entry.contentLength !== undefined &&
          entry.contentLength !== bodyBytes
        ) {
          throw new Error(
            `${entry.url}: ${bodyBytes} body bytes on the wire, content-length ${entry.contentLength}`,
          );
        }
        counted.push({
          url: entry.url,
          kind: kindOf(entry.type, entry.mimeType ?? ''),
          status: entry.status ?? 0,
          encoding: entry.encoding ?? 'identity',
          headerBytes,
          bodyBytes,
          rawBytes: raw.length,
          floorBytes: raw.length ? gzipSync(raw, { level: 9 }).length : 0,
        });
      }
      return counted;
    },
  };
}

/** Opens the partner page with `entries` in a fresh context and returns what the platform sent until it settled. */
async function measure(browser: Browser, partner: string, platform: string, entries: string[]) {
  const tags = entries.map(elementOf);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // Large enough to keep every body of a page for getResponseBody.
    await cdp.send('Network.enable', { maxTotalBufferSize: 200e6, maxResourceBufferSize: 50e6 });
    const record = recorder(cdp, platform);
    await page.goto(`${partner}/?entries=${entries.join(',')}`);
    // Every widget upgraded and rendered into its shadow root.
    await page.waitForFunction(
      (names) =>
        names.every((name) => (document.querySelector(name)?.shadowRoot?.childElementCount ?? 0) > 0),
      tags,
    );
    await record.settled(page);
    if (record.failures.length) throw new Error(`${labelOf(entries)}: ${record.failures.join('; ')}`);
    const counted = await record.collect();
    // The server compresses JSON answers of 1 KB or more (EK10): one that arrived plain means it did not.
    const plain = counted.filter((c) => c.kind === 'json' && c.rawBytes >= 1024 && c.encoding === 'identity');
    if (plain.length) throw new Error(`uncompressed JSON answers: ${plain.map((c) => c.url).join(' ')}`);
    return { counted, aborted: record.aborted };
  } finally {
    await context.close();
  }
}

const sum = (list: Counted[], key: keyof Counted) => list.reduce((n, c) => n + (c[key] as number), 0);
/** The totals of a page, and per kind of response. */
export function summarise(list: Counted[]) {
  const totals = (items: Counted[]) => ({
    requests: items.length,
    transferredBytes: sum(items, 'bodyBytes'),
    headerBytes: sum(items, 'headerBytes'),
    rawBytes: sum(items, 'rawBytes'),
    floorBytes: sum(items, 'floorBytes'),
  });
  const kinds = [...new Set(list.map((c) => c.kind))].sort();
  return {
    ...totals(list),
    byKind: Object.fromEntries(kinds.map((kind) => [kind, totals(list.filter((c) => c.kind === kind))])),
  };
}

/**
 * True when the build's .br files are brotli 11, as `npm run build` makes them: the React chunk's copy is compared
 * with brotli 11 of the file (same parameters as scripts/vite-precompress.ts). `npm test` builds at quality 5.
 */
function builtAtBrotli11(dist: string): boolean {
  const file = join(dist, reactFiles(readManifest(dist), dist)[0] ?? '');
  const bytes = readFileSync(file);
  const best = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  return readFileSync(`${file}.br`).length <= best.length;
}

// A copy of the build: a `vite build` started meanwhile (the test suites build at brotli 5) cannot change it mid-run.
const dist = mkdtempSync(join(tmpdir(), 'tk-transfer-dist-'));
cpSync(DIST_DIR, dist, { recursive: true });
const manifest = readManifest(dist);
const brotli11 = builtAtBrotli11(dist);
// Each widget alone, the quotes and chart pair, and the lite tk-quotes when the build has it.
const pages = [
  ...widgetTags(manifest).map((tag) => [tag]),
  ['tk-quotes', 'tk-chart'],
  ...(existsSync(join(dist, 'widgets', 'lite', 'tk-quotes.js')) ? [['lite/tk-quotes']] : []),
];
const app = await buildApp({
  dataDir: 'memory://',
  distDir: dist,
  logger: false,
  market: { seed: 7, backfillDays: 1 },
});
const platform = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
const partnerServer = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://partner');
  const entries = (url.searchParams.get('entries') ?? '')
    .split(',')
    .filter((entry) => /^(?:lite\/)?tk-[a-z-]+$/.test(entry));
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(partnerPage(platform, entries));
});
partnerServer.listen(0, '127.0.0.1');
await new Promise((resolve) => partnerServer.once('listening', resolve));
// "localhost" is another site than 127.0.0.1 for the browser: the widgets load cross-origin, as on a brand's page.
const partner = `http://localhost:${(partnerServer.address() as AddressInfo).port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...CHROMIUM_ARGS],
});
try {
  const results = [];
  for (const entries of pages) {
    const { counted, aborted } = await measure(browser, partner, platform, entries);
    results.push({ page: labelOf(entries), ...summarise(counted), aborted, responses: counted });
  }
  const pad = (value: string | number, width: number) => String(value).padStart(width);
  console.log('Bytes a signed-out first visit transfers from the platform, per page (Chromium):');
  if (!brotli11)
    console.log('(this build is not at brotli 11: a test build; `npx vite build` makes the real one)');
  console.log(
    `${'page'.padEnd(24)} ${pad('requests', 8)} ${pad('transferred', 11)} ${pad('headers', 8)} ${pad('gzip -9', 8)} ${pad('raw', 9)}  transferred / gzip -9`,
  );
  for (const r of results) {
    console.log(
      `${r.page.padEnd(24)} ${pad(r.requests, 8)} ${pad(r.transferredBytes, 11)} ${pad(r.headerBytes, 8)} ${pad(r.floorBytes, 8)} ${pad(r.rawBytes, 9)}  ${(r.transferredBytes / r.floorBytes).toFixed(2)}`,
    );
    if (r.aborted.length) console.log(`  aborted by the browser, nothing counted: ${r.aborted.join(' ')}`);
    for (const [kind, t] of Object.entries(r.byKind))
      console.log(
        `  ${kind.padEnd(22)} ${pad(t.requests, 8)} ${pad(t.transferredBytes, 11)} ${pad(t.headerBytes, 8)} ${pad(t.floorBytes, 8)} ${pad(t.rawBytes, 9)}`,
      );
  }
  const withinBudget = results.every((r) => r.transferredBytes <= r.floorBytes);
  console.log(
    JSON.stringify({
      pages: results.map(({ responses, ...rest }) => ({
        ...rest,
        responses: responses.map((c) => ({ ...c, url: new URL(c.url).pathname })),
      })),
      withinBudget,
      brotli11,
    }),
  );
} finally {
  await browser.close();
  partnerServer.close();
  await app.close();
  rmSync(dist, { recursive: true, force: true });
}
