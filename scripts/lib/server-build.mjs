// The reference server as one JavaScript file (TR64): `server/src/main.ts` and everything it imports from this
// repository bundled by esbuild into `server/dist/main.mjs`, its packages left to Node. `npm start`, the tests'
// server processes, the chaos run and the benchmarks run that file with plain Node. Through tsx, Node asked the
// loader's thread to resolve and compile each of the server's 360 files at every start: 4.2–6.0 s of CPU for a
// start on PostgreSQL, against 1.9–2.4 s from the bundle.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './run.mjs';

export const SERVER_SOURCE = join(ROOT, 'server', 'src', 'main.ts');
export const SERVER_BUNDLE = join(ROOT, 'server', 'dist', 'main.mjs');
/** The files the last bundle was made of (repository-relative), written beside it. */
const INPUTS = join(ROOT, 'server', 'dist', 'inputs.json');
/** The one module whose text differs in the bundle: where a cluster primary finds the file its workers run. */
const ENTRY_MODULE = join(ROOT, 'server', 'src', 'entry.ts');
const THIS_FILE = fileURLToPath(import.meta.url);
/** What changes a bundle without being one of its inputs: this builder and the TypeScript settings it reads. */
const BUILD_SETTINGS = [THIS_FILE, join(ROOT, 'tsconfig.json')];

const posix = (path) => path.split(sep).join('/');

/**
 * A bundled file's `import.meta.url` is the bundle's, so each source file's own is written in as the bundle's
 * URL resolved against its path from the bundle: `new URL('../src/db/migrate.ts', import.meta.url).href`. The
 * files it names beside it (migrations, locales, package.json) are then found where they are in the repository.
 */
export function rewriteMeta(source, file, bundle = SERVER_BUNDLE) {
  if (/import\.meta\.(?:dirname|filename)\b/.test(source)) {
    throw new Error(`${posix(relative(ROOT, file))}: use import.meta.url, which the server bundle rewrites`);
  }
  const own = posix(relative(dirname(bundle), file));
  return source.replaceAll('import.meta.url', `new URL(${JSON.stringify(own)}, import.meta.url).href`);
}

const metaPlugin = {
  name: 'tk-own-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => {
      const loader = path.endsWith('.tsx') ? 'tsx' : 'ts';
      // The bundle's workers run the bundle itself: its real import.meta.url, not the source's.
      if (path === ENTRY_MODULE) {
        return {
          loader,
          contents:
            "import { fileURLToPath } from 'node:url';\n" +
            'export const SERVER_ENTRY: string = fileURLToPath(import.meta.url);\n',
        };
      }
      return { loader, contents: rewriteMeta(await readFile(path, 'utf8'), path) };
    });
  },
};

/**
 * True when the bundle is missing, or a file it was made of (or this builder, or tsconfig.json) changed or went
 * since its build began. `paths` names another bundle and its list of inputs (the tests').
 */
export function serverBuildIsStale(paths = { bundle: SERVER_BUNDLE, inputs: INPUTS }) {
  if (!existsSync(paths.bundle) || !existsSync(paths.inputs)) return true;
  const builtAt = statSync(paths.bundle).mtimeMs;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(paths.inputs, 'utf8'));
  } catch {
    return true;
  }
  if (!Array.isArray(inputs) || inputs.length === 0) return true;
  return [...BUILD_SETTINGS, ...inputs.map((input) => resolve(ROOT, input))].some(
    (file) => !existsSync(file) || statSync(file).mtimeMs > builtAt,
  );
}

/** Bundles the server into SERVER_BUNDLE (written whole, then renamed into place: a reader never sees half). */
export async function buildServer() {
  // The bundle is dated when its build began: a file saved while esbuild ran is newer than it.
  const began = new Date();
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [SERVER_SOURCE],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    outfile: SERVER_BUNDLE,
    metafile: true,
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'error',
    plugins: [metaPlugin],
  });
  mkdirSync(dirname(SERVER_BUNDLE), { recursive: true });
  const suffix = `.${process.pid}.tmp`;
  // The map first, the bundle last: the bundle's time is the build's.
  const ordered = [
    ...result.outputFiles.filter((file) => file.path !== SERVER_BUNDLE),
    ...result.outputFiles.filter((file) => file.path === SERVER_BUNDLE),
  ];
  const inputs = Object.keys(result.metafile.inputs).map(posix);
  writeFileSync(INPUTS + suffix, JSON.stringify(inputs));
  renameSync(INPUTS + suffix, INPUTS);
  for (const file of ordered) {
    writeFileSync(file.path + suffix, file.contents);
    if (file.path === SERVER_BUNDLE) utimesSync(file.path + suffix, began, began);
    renameSync(file.path + suffix, file.path);
  }
}

/** Builds the bundle when it is stale. */
export async function ensureServerBuild() {
  if (serverBuildIsStale()) await buildServer();
}

/** The same for a caller that cannot wait on a promise: the build runs in a child Node process. */
export function ensureServerBuildSync() {
  if (!serverBuildIsStale()) return;
  const result = spawnSync(process.execPath, [THIS_FILE], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the server's build failed:\n${result.stderr}${result.stdout}`);
}

/** vitest globalSetup of the server project: its files' server processes start from a fresh bundle. */
export async function setup() {
  await ensureServerBuild();
}

// `node scripts/lib/server-build.mjs`: build it now.
if (process.argv[1] === THIS_FILE) await buildServer();
