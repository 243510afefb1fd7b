// Static server for the embedding examples, on an origin of its own (a brand's site is never the platform's
// origin). Usage: node examples/serve.mjs [port] [platformOrigin]
//
// The example pages carry the literal snippet a brand pastes, pointing at the default platform origin.
// This server rewrites that origin in HTML to the platform given on the command line, or per request to
// the `?api=` query parameter, so the same files work against any running platform.
//
// The framework examples (react-19/, vue-3/) are a partner's app in TypeScript: a request for `<name>.js` that
// is not a file but has a `<name>.tsx` or `<name>.ts` beside it gets that entry bundled with esbuild (with the
// partner's own React or Vue from node_modules), built on the first request and again once a source changes.
// esbuild (a dependency of tsx) is imported only then: the static examples need nothing but Node.
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, resolve, sep } from 'node:path';
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

/** What a bundled entry may be written in, in the order a `.js` request looks for it. */
const ENTRY_EXTENSIONS = ['.tsx', '.ts'];

/**
 * How a partner's app is bundled: one ES module for current browsers, its framework inside (React's and
 * Vue's production builds). `vue` is Vue's full build, whose compiler turns a component's `template` string
 * into its render function in the browser (`compilerOptions.isCustomElement` only applies there).
 */
const BUNDLE_OPTIONS = {
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  jsx: 'automatic',
  minify: true,
  metafile: true,
  logLevel: 'silent',
  alias: { vue: 'vue/dist/vue.esm-bundler.js' },
  define: {
    'process.env.NODE_ENV': '"production"',
    __VUE_OPTIONS_API__: 'true',
    __VUE_PROD_DEVTOOLS__: 'false',
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
  },
};

/** Bundles by entry file: the code and the modification time of every file it was made of. */
const bundles = new Map();

const modified = (file) => (existsSync(file) ? statSync(file).mtimeMs : -1);

/** The entry a missing `.js` file is bundled from, or null. */
function entryOf(file) {
  if (extname(file) !== '.js') return null;
  const base = file.slice(0, -'.js'.length);
  return ENTRY_EXTENSIONS.map((ext) => base + ext).find((candidate) => existsSync(candidate)) ?? null;
}

/**
 * The bundle of `entry` as JavaScript text: the kept one while none of its files changed, else a new build.
 * Throws an Error whose message lists esbuild's errors (file:line:column: text) when the entry does not build.
 */
export async function bundleEntry(entry) {
  const kept = bundles.get(entry);
  if (kept && kept.inputs.every(([file, time]) => modified(file) === time)) return kept.code;
  const { build } = await import('esbuild');
  const workingDir = dirname(entry);
  let result;
  try {
    result = await build({ ...BUNDLE_OPTIONS, entryPoints: [entry], absWorkingDir: workingDir });
  } catch (error) {
    const lines = (error.errors ?? []).map(({ text, location }) =>
      location ? `${location.file}:${location.line}:${location.column}: ${text}` : text,
    );
    throw new Error(`Could not bundle ${entry}:\n${lines.join('\n') || error.message}`, { cause: error });
  }
  // Inputs outside the file system (esbuild's own namespaces) have a prefix; they never change.
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.includes(':'))
    .map((input) => resolve(workingDir, input))
    .map((file) => [file, modified(file)]);
  const code = result.outputFiles[0].text;
  bundles.set(entry, { code, inputs });
  return code;
}

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

function listExamples(root = EXAMPLES_DIR) {
  return readdirSync(root).filter((name) => existsSync(join(root, name, 'index.html')));
}

function indexPage(root) {
  const items = listExamples(root).map((name) => `<li><a href="/${name}/">${name}</a></li>`);
  return `<!doctype html><meta charset="utf-8"><title>TradeKit examples</title><ul>${items.join('')}</ul>`;
}

function send(response, status, type, body) {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
}

async function sendBundle(response, entry, root) {
  try {
    send(response, 200, TYPES['.js'], await bundleEntry(entry));
  } catch (error) {
    // The partner's mistake in their own source: the message names the file and line, not our stack.
    const message = error instanceof Error ? error.message : String(error);
    console.error(message);
    send(response, 500, 'text/plain; charset=utf-8', message.replaceAll(root + sep, ''));
  }
}

function handle(request, response, platformOrigin, root) {
  const url = new URL(request.url ?? '/', 'http://examples.invalid');
  if (url.pathname === '/') return send(response, 200, TYPES['.html'], indexPage(root));
  let file;
  try {
    file = resolve(root, `.${decodeURIComponent(url.pathname)}`);
  } catch {
    return send(response, 400, 'text/plain', 'Bad request');
  }
  if (file !== root && !file.startsWith(root + sep)) {
    return send(response, 403, 'text/plain', 'Forbidden');
  }
  if (existsSync(file) && statSync(file).isDirectory()) {
    if (!url.pathname.endsWith('/')) {
      response.writeHead(301, { location: `${url.pathname}/${url.search}` });
      return response.end();
    }
    file = join(file, 'index.html');
  }
  if (!existsSync(file)) {
    const entry = entryOf(file);
    if (entry) return void sendBundle(response, entry, root);
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

/** Serve examples/ (or `root`) on host:port (0 picks a free port); resolves once listening. */
export function startExamplesServer({
  port = 5174,
  host = '127.0.0.1',
  platformOrigin = DEFAULT_PLATFORM_ORIGIN,
  root = EXAMPLES_DIR,
} = {}) {
  const origin = parseOrigin(platformOrigin);
  if (!origin) throw new Error(`Not an http(s) origin: ${platformOrigin}`);
  const dir = resolve(root);
  const server = createServer((request, response) => handle(request, response, origin, dir));
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
