// The floor of bench/lighthouse.ts (EK63): two pages measured in the same run, with the same calibrated CPU
// slowdown, beside the host's pages. A page without script (a heading and 40 rows of a price list in its HTML) is
// what this machine and Lighthouse's simulation cost any page; the same page rendered by React 19 alone (react and
// react-dom/client built like our build, one module script) is the least a React page of ours can cost. A host
// page's distance from them is ours; the floor's own distance from the goals is the machine's.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiateEncoding } from '../server/src/http/compression';
import { buildLikeHost } from './react-floor';

/** The floor pages, by the path the floor's server gives them. */
export const FLOOR_PAGES = { noScript: '/no-script.html', react: '/react.html' } as const;

/** The rows both pages show: as many as a price list above the fold, and the same text in both. */
export const FLOOR_ROWS = 40;

/** One row's text, the same in the HTML page and the React one. */
export function floorRow(index: number): string {
  return `Symbol ${index + 1} USDT ${(100 + index * 1.25).toFixed(2)} +${(index % 7) / 10}%`;
}

function page(title: string, body: string, head = ''): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${title}</title>${head}</head>`,
    `<body>${body}</body>`,
    '</html>',
  ].join('\n');
}

/** The page without script: the rows written into its HTML. */
export function noScriptPage(): string {
  const rows = Array.from({ length: FLOOR_ROWS }, (_, index) => `<li>${floorRow(index)}</li>`).join('');
  return page('Markets', `<main><h1>Markets</h1><ul>${rows}</ul></main>`);
}

/** The React page's entry: the same heading and rows, rendered by React into an empty root. */
function reactEntry(): string {
  return [
    "import { createElement as h } from 'react';",
    "import { createRoot } from 'react-dom/client';",
    `const row = ${floorRow.toString()};`,
    `const rows = Array.from({ length: ${FLOOR_ROWS} }, (_, index) => h('li', { key: index }, row(index)));`,
    "createRoot(document.getElementById('root')).render(h('main', null, h('h1', null, 'Markets'), h('ul', null, rows)));",
  ].join('\n');
}

/** Builds the two pages: path → body. The React page's script is built by Vite as the host's is (production, minified). */
export async function buildFloorSite(): Promise<Map<string, { body: Buffer; type: string }>> {
  const chunks = await buildLikeHost('.lighthouse-floor', reactEntry(), { entryFileNames: 'floor.js' });
  if (chunks.length !== 1) throw new Error(`the React floor page built ${chunks.length} scripts, not one`);
  const script = chunks[0]!;
  const html = 'text/html; charset=utf-8';
  return new Map([
    [FLOOR_PAGES.noScript, { body: Buffer.from(noScriptPage()), type: html }],
    [
      FLOOR_PAGES.react,
      {
        body: Buffer.from(
          page(
            'Markets',
            '<div id="root"></div>',
            `<script type="module" src="/${script.fileName}"></script>`,
          ),
        ),
        type: html,
      },
    ],
    [`/${script.fileName}`, { body: Buffer.from(script.code), type: 'text/javascript; charset=utf-8' }],
  ]);
}

/** Serves the floor's pages on loopback, compressed at the highest levels (the host's files are precompressed). */
export async function serveFloorSite(
  files: Map<string, { body: Buffer; type: string }>,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const encoded = new Map(
    [...files].map(([path, file]) => [
      path,
      {
        ...file,
        br: brotliCompressSync(file.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(file.body, { level: 9 }),
      },
    ]),
  );
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const file = encoded.get(new URL(request.url ?? '/', 'http://floor').pathname);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    // Brotli or gzip as the platform negotiates them (EK2), else the file itself.
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    response.writeHead(200, {
      'content-type': file.type,
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    response.end(encoding ? file[encoding] : file.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
