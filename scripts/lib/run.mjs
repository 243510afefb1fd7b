import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
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

/**
 * Run a command; resolves with its exit code (128 + n when killed by a signal). Output is inherited, or with
 * `prefix` written line by line after that prefix (two runs side by side stay readable). `niceness` lowers
 * the child's CPU priority; the processes it starts afterwards inherit it.
 */
export function run(command, args, options = {}) {
  const { prefix, niceness, ...spawnOptions } = options;
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      stdio: prefix === undefined ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      cwd: ROOT,
      ...spawnOptions,
    });
    children.add(child);
    if (niceness !== undefined && child.pid !== undefined) setPriority(child.pid, niceness);
    if (prefix !== undefined) {
      prefixLines(child.stdout, process.stdout, prefix);
      prefixLines(child.stderr, process.stderr, prefix);
    }
    child.on('error', (error) => {
      children.delete(child);
      reject(error);
    });
    // 'close' comes after the output streams ended, so every prefixed line is written before it resolves.
    child.on('close', (code, signal) => {
      children.delete(child);
      resolvePromise(code ?? 128 + (signal === 'SIGINT' ? 2 : 15));
    });
  });
}

/** Copies `input` to `output` whole line by whole line, each after `prefix`. */
function prefixLines(input, output, prefix) {
  let rest = '';
  input.setEncoding('utf8');
  input.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    if (lines.length > 0) output.write(lines.map((line) => `${prefix}${line}\n`).join(''));
  });
  input.on('end', () => {
    if (rest) output.write(`${prefix}${rest}\n`);
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
