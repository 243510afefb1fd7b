import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runNode, signalChildren } from './run.mjs';

const SOURCES = ['src', 'public', 'vite.config.ts', 'package.json', 'package-lock.json'];
const BUILT = join(ROOT, 'dist', '.vite', 'manifest.json');

/** Newest modification time under a file or folder, tests excluded (0 when it does not exist). */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when dist/ is missing or any source is newer than the last build. */
export function buildIsStale() {
  if (!existsSync(BUILT)) return true;
  const builtAt = statSync(BUILT).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(ROOT, source)) > builtAt);
}

/** Run `vite build` when the build is stale; exits the process when the build fails. */
export async function ensureBuild() {
  if (!buildIsStale()) return;
  console.log('Building the site and widgets (vite build)…');
  const stop = (signal) => {
    signalChildren(signal);
    process.exit(130);
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, stop);
  const code = await runNode('vite/bin/vite.js', ['build', '--logLevel', 'warn']);
  for (const signal of signals) process.off(signal, stop);
  if (code !== 0) {
    console.error('vite build failed.');
    process.exit(code);
  }
}
