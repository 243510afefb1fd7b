import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const DATABASE = 'tradekit_test';

/** A free TCP port on 127.0.0.1 (the OS picks it; released before PostgreSQL binds it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** initdb and postgres refuse to run as root: pick the account that owns the throw-away cluster. */
function clusterUser() {
  if (process.getuid?.() !== 0) return null;
  for (const user of ['postgres', 'nobody']) {
    if (spawnSync('id', ['-u', user], { stdio: 'ignore' }).status === 0) return user;
  }
  throw new Error('Running as root, but neither user "postgres" nor "nobody" exists to run PostgreSQL.');
}

/** The command and its arguments that run `command` as `user` (as itself when null). */
const asUser = (user, command, args) =>
  user ? ['runuser', ['-u', user, '--', command, ...args]] : [command, args];

function runAs(user, command, args) {
  const [cmd, argv] = asUser(user, command, args);
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`;
    throw new Error(`${command} failed (exit ${result.status}):\n${output}`);
  }
}

/**
 * runAs without blocking the event loop: the start (npm test starts the build and RabbitMQ beside it, TR66) and the
 * chaos run's pause and resume (its clients keep sending while PostgreSQL is down).
 */
function runAsAsync(user, command, args) {
  const [cmd, argv] = asUser(user, command, args);
  return new Promise((resolve, reject) => {
    execFile(cmd, argv, { encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} failed: ${error.message}\n${stdout}${stderr}`));
      else resolve();
    });
  });
}

/**
 * Start a throw-away PostgreSQL cluster (trust auth, 127.0.0.1 on a free port, socket in its temp dir,
 * fsync off) and create one database: `url` over TCP, `socketUrl` over the Unix socket. `stop()` is synchronous so that exit and signal handlers can call it.
 */
export async function startTempPostgres(binDir) {
  const root = mkdtempSync(join(tmpdir(), 'tk-pg-'));
  const dataDir = join(root, 'data');
  const logFile = join(root, 'postgres.log');
  const user = clusterUser();
  let started = false;
  const stop = () => {
    if (started) {
      runAs(user, join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      started = false;
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    if (user) execFileSync('chown', ['-R', user, root]);
    await runAsAsync(user, join(binDir, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    const port = await freePort();
    const serverOptions = [
      `-p ${port}`,
      `-k ${root}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    // pg_ctl start, waiting up to 60 s for the server: at first, and again after `pause`.
    const startArgs = ['-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', serverOptions, 'start'];
    started = true;
    try {
      await runAsAsync(user, join(binDir, 'pg_ctl'), startArgs);
    } catch (error) {
      let log = '';
      try {
        log = readFileSync(logFile, 'utf8');
      } catch {
        // no log written
      }
      throw new Error(`${error.message}\n${log}`, { cause: error });
    }
    const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${DATABASE}`);
    } finally {
      await client.end();
    }
    return {
      url: `postgres://postgres@127.0.0.1:${port}/${DATABASE}`,
      // Stop the cluster (fast: open connections are ended) and start it again on the same port and data: the
      // chaos run's database restart (tests/chaos). Both resolve once pg_ctl has waited for the state.
      pause: () => runAsAsync(user, join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
      resume: () => runAsAsync(user, join(binDir, 'pg_ctl'), startArgs),
      // The same database over the cluster's Unix socket (no loopback TCP stack per message).
      socketUrl: `postgres://postgres@localhost:${port}/${DATABASE}?host=${encodeURIComponent(root)}`,
      stop,
    };
  } catch (error) {
    try {
      stop();
    } catch {
      // keep the original error
    }
    throw error;
  }
}
