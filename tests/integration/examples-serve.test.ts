// The examples server (examples/serve.mjs): static pages with the platform origin rewritten, and a partner's
// TypeScript entry bundled for a request of its missing `.js` (the React 19 and Vue 3 examples).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleEntry, startExamplesServer } from '../../examples/serve.mjs';
import type { ExamplesServer } from '../../examples/serve.mjs';

const EXAMPLES = resolve(import.meta.dirname, '../../examples');
/** React's marker string, in every copy of React. */
const REACT_MARKER = '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE';

let base: string;
let root: string;
let server: ExamplesServer;

/** Writes `text` to `file` under the example root with the modification time `time` (seconds). */
function write(file: string, text: string, time = Math.floor(Date.now() / 1000)): void {
  const path = join(root, file);
  writeFileSync(path, text);
  utimesSync(path, time, time);
}

async function get(path: string): Promise<{ status: number; type: string; body: string }> {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: await response.text(),
  };
}

beforeAll(async () => {
  // The served root inside a folder that holds a source of its own, beside it.
  base = mkdtempSync(join(tmpdir(), 'tk-examples-'));
  root = join(base, 'examples');
  mkdirSync(join(root, 'app'), { recursive: true });
  writeFileSync(join(base, 'secret.ts'), "document.title = 'outside';\n");
  write(
    'app/index.html',
    '<meta name="tk-api" content="http://localhost:8080"><script src="./main.js"></script>',
  );
  write('app/greeting.ts', 'export const greeting = (name: string): string => `Hello, ${name}`;\n');
  write('app/main.tsx', "import { greeting } from './greeting';\ndocument.title = greeting('partner');\n");
  write('app/static.js', 'console.log("served as written");\n');
  write('app/broken.ts', 'const value: number = ;\n');
  server = await startExamplesServer({ port: 0, platformOrigin: 'http://127.0.0.1:9', root });
});

afterAll(async () => {
  await server?.close();
  rmSync(base, { recursive: true, force: true });
});

describe('examples/serve.mjs', () => {
  it('lists the examples of its root and rewrites the platform origin in their pages', async () => {
    expect((await get('/')).body).toContain('<a href="/app/">app</a>');
    expect((await get('/app/')).body).toContain('content="http://127.0.0.1:9"');
    expect((await get('/app/?api=https://platform.example/x')).body).toContain(
      'content="https://platform.example"',
    );
  });

  it('bundles a TSX entry with its imports for a request of its missing .js', async () => {
    const { status, type, body } = await get('/app/main.js');
    expect(status).toBe(200);
    expect(type).toBe('text/javascript; charset=utf-8');
    expect(body).toContain('Hello, ');
    expect(body).not.toMatch(/\bimport\b/);
  });

  it('keeps the bundle until one of its sources changes', async () => {
    const first = (await get('/app/main.js')).body;
    expect((await get('/app/main.js')).body).toBe(first);
    // A later modification time, as an editor's save gives: the next request builds again.
    write('app/greeting.ts', 'export const greeting = (name: string): string => `Welcome, ${name}`;\n', 5);
    const changed = (await get('/app/main.js')).body;
    expect(changed).toContain('Welcome, ');
    expect(changed).not.toContain('Hello, ');
  });

  it('answers 500 naming the file and line of a source that does not build, and keeps serving', async () => {
    const { status, type, body } = await get('/app/broken.js');
    expect(status).toBe(500);
    expect(type).toBe('text/plain; charset=utf-8');
    expect(body).toMatch(/^Could not bundle app\/broken\.ts:\nbroken\.ts:1:\d+: /);
    expect(body).not.toContain(root);
    expect((await get('/app/main.js')).status).toBe(200);
  });

  it('serves an existing .js file as written, and 404 for a .js with no entry beside it', async () => {
    expect((await get('/app/static.js')).body).toBe('console.log("served as written");\n');
    expect((await get('/app/missing.js')).status).toBe(404);
    expect((await get('/app/greeting.ts')).type).toBe('application/octet-stream');
  });

  it('bundles nothing outside its root', async () => {
    expect((await get('/..%2Fsecret.js')).status).toBe(403);
    expect((await get('/app/..%2F..%2Fsecret.js')).status).toBe(403);
    // A dot segment the URL parser resolves stays inside the root: nothing there to bundle.
    expect((await get('/%2E%2E/secret.js')).status).toBe(404);
  });

  it('bundles the React 19 and Vue 3 examples with their own framework inside', async () => {
    const react = await bundleEntry(join(EXAMPLES, 'react-19/main.tsx'));
    expect(react).toContain(REACT_MARKER);
    expect(react).not.toMatch(/\bimport\s*[("'{*]/);
    const vue = await bundleEntry(join(EXAMPLES, 'vue-3/main.ts'));
    // Vue's full build: the template compiler is in the bundle (only its parser knows CDATA sections).
    expect(vue).toContain('CDATA');
    expect(vue).not.toContain(REACT_MARKER);
  });
});
