// Zero-dependency static server for the embedding examples, on an origin of its own (a brand's site is
// never the platform's origin). Usage: node examples/serve.mjs [port] [platformOrigin]
//
// The example pages carry the literal snippet a brand pastes, pointing at the default platform origin.
// This server rewrites that origin in HTML to the platform given on the command line, or per request to
// the `?api=` query parameter, so the same files work against any running platform.
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The platform origin written in the example files (what `npm start` serves). */
export const DEFAULT_PLATFORM_ORIGIN = 'http://localhost:8080';

const EXAMPLES_DIR = import.meta.dirname;
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.md': 'text/markdown; charset=utf-8',
};

/** An http(s) origin from user input, or null: only a bare origin may be written into the pages. */
export function parseOrigin(value) {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

function listExamples() {
  return readdirSync(EXAMPLES_DIR).filter((name) => existsSync(join(EXAMPLES_DIR, name, 'index.html')));
}

function indexPage() {
  const items = listExamples().map((name) => `<li><a href="/${name}/">${name}</a></li>`);
  return `<!doctype html><meta charset="utf-8"><title>TradeKit examples</title><ul>${items.join('')}</ul>`;
}

function send(response, status, type, body) {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
}

function handle(request, response, platformOrigin) {
  const url = new URL(request.url ?? '/', 'http://examples.invalid');
  if (url.pathname === '/') return send(response, 200, TYPES['.html'], indexPage());
  let file;
  try {
    file = resolve(EXAMPLES_DIR, `.${decodeURIComponent(url.pathname)}`);
  } catch {
    return send(response, 400, 'text/plain', 'Bad request');
  }
  if (file !== EXAMPLES_DIR && !file.startsWith(EXAMPLES_DIR + sep)) {
    return send(response, 403, 'text/plain', 'Forbidden');
  }
  if (existsSync(file) && statSync(file).isDirectory()) {
    if (!url.pathname.endsWith('/')) {
      response.writeHead(301, { location: `${url.pathname}/${url.search}` });
      return response.end();
    }
    file = join(file, 'index.html');
  }
  if (!existsSync(file) || !statSync(file).isFile()) return send(response, 404, 'text/plain', 'Not found');
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  if (extname(file) === '.html') {
    const origin = parseOrigin(url.searchParams.get('api')) ?? platformOrigin;
    // strict-csp/: the socket origin of the platform, and a fresh nonce per response as a real page makes.
    const html = readFileSync(file, 'utf8')
      .replaceAll(DEFAULT_PLATFORM_ORIGIN, origin)
      .replaceAll(DEFAULT_PLATFORM_ORIGIN.replace(/^http/, 'ws'), origin.replace(/^http/, 'ws'))
      .replaceAll('EXAMPLE_NONCE', randomBytes(16).toString('base64'));
    return send(response, 200, type, html);
  }
  response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
  createReadStream(file).pipe(response);
}

/** Serve examples/ on host:port (0 picks a free port); resolves once listening. */
export function startExamplesServer({
  port = 5174,
  host = '127.0.0.1',
  platformOrigin = DEFAULT_PLATFORM_ORIGIN,
} = {}) {
  const origin = parseOrigin(platformOrigin);
  if (!origin) throw new Error(`Not an http(s) origin: ${platformOrigin}`);
  const server = createServer((request, response) => handle(request, response, origin));
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
      const close = () =>
        new Promise((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
      resolvePromise({ url, close });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [portArg, originArg] = process.argv.slice(2);
  const { url } = await startExamplesServer({
    port: portArg ? Number(portArg) : 5174,
    platformOrigin: originArg ?? DEFAULT_PLATFORM_ORIGIN,
  });
  console.log(
    `Examples on ${url}/ using the platform at ${parseOrigin(originArg) ?? DEFAULT_PLATFORM_ORIGIN}`,
  );
  for (const name of listExamples()) console.log(`  ${url}/${name}/`);
}
