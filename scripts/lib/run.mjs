import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root (scripts/lib/../..). */
export const ROOT = resolve(import.meta.dirname, '..', '..');

/** Absolute path of a package's CLI file, so it runs with this Node and without npx. */
export function binOf(relativeToNodeModules) {
  const path = join(ROOT, 'node_modules', relativeToNodeModules);
  if (!existsSync(path)) {
    throw new Error(`${relativeToNodeModules} is missing: run npm install (or npm ci) first.`);
  }
  return path;
}

const children = new Set();

/** Run a command with inherited stdio; resolves with its exit code (128 + n when killed by a signal). */
export function run(command, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
    children.add(child);
    child.on('error', (error) => {
      children.delete(child);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolvePromise(code ?? 128 + (signal === 'SIGINT' ? 2 : 15));
    });
  });
}

/** Run a Node CLI file of node_modules with the current Node binary. */
export function runNode(cliFile, args, options = {}) {
  return run(process.execPath, [binOf(cliFile), ...args], options);
}

/** Send a signal to every child started by run(); used when this script itself is interrupted. */
export function signalChildren(signal) {
  for (const child of children) child.kill(signal);
}
