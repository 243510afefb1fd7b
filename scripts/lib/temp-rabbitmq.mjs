import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  readFileSync,
  rmSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onPath } from './find-tools.mjs';
import { freePort } from './temp-postgres.mjs';

/** The plugins the market needs: Web-STOMP (pulls STOMP, web dispatch and cowboy) and the event exchange. */
export const RABBITMQ_PLUGINS = ['rabbitmq_web_stomp', 'rabbitmq_event_exchange'];

/**
 * Directory holding rabbitmq-server and rabbitmqctl: PATH first, then Debian's /usr/lib/rabbitmq/bin. Debian's
 * /usr/sbin copies are wrappers that switch to the rabbitmq account and use its home and node; the scripts in
 * /usr/lib/rabbitmq/bin run as the caller with the environment they are given, which a throw-away node needs.
 */
export function findRabbitmqBin() {
  if (existsSync('/usr/lib/rabbitmq/bin/rabbitmq-server')) return '/usr/lib/rabbitmq/bin';
  const server = onPath('rabbitmq-server');
  return server ? join(server, '..') : null;
}

/** RabbitMQ's stored password form (rabbit_password_hashing_sha256): base64 of salt + sha256(salt + password). */
function passwordHash(password) {
  const salt = randomBytes(4);
  const digest = createHash('sha256')
    .update(Buffer.concat([salt, Buffer.from(password, 'utf8')]))
    .digest();
  return Buffer.concat([salt, digest]).toString('base64');
}

/**
 * The users of a market node (RQ3). `browser` is Web-STOMP's default user: it may create and bind only its own
 * subscription queues and read amq.topic, so it can subscribe to /topic/… but not SEND anywhere, nor read the
 * event exchange (which names other clients' queues). `publisher` is the server's: everything on the vhost.
 */
export function marketDefinitions({ publisherPassword, browserPassword }) {
  const user = (name, password) => ({
    name,
    password_hash: passwordHash(password),
    hashing_algorithm: 'rabbit_password_hashing_sha256',
    tags: [],
  });
  return {
    users: [user('publisher', publisherPassword), user('browser', browserPassword)],
    vhosts: [{ name: '/' }],
    permissions: [
      { user: 'publisher', vhost: '/', configure: '.*', write: '.*', read: '.*' },
      {
        user: 'browser',
        vhost: '/',
        configure: '^stomp-subscription-.*',
        write: '^stomp-subscription-.*',
        read: '^(amq\\.topic|stomp-subscription-.*)$',
      },
    ],
    // A browser that stops reading must not grow its queue without end: past 1,000 messages the oldest go,
    // as the embedded broker conflates a slow consumer's frames.
    policies: [
      {
        vhost: '/',
        name: 'market-subscriptions',
        pattern: '^stomp-subscription-',
        'apply-to': 'queues',
        definition: { 'max-length': 1000, overflow: 'drop-head' },
        priority: 0,
      },
    ],
  };
}

/** rabbitmq.conf of a node listening on 127.0.0.1 only: Web-STOMP, no AMQP or plain STOMP listener. */
export function marketConfig({ webStompPort, definitionsFile, browserPassword }) {
  return [
    'listeners.tcp = none',
    'stomp.listeners.tcp = none',
    `web_stomp.tcp.port = ${webStompPort}`,
    'web_stomp.tcp.ip = 127.0.0.1',
    // Browsers connect without credentials (the widgets' STOMP client sends none) and are the read-only user.
    'stomp.default_user = browser',
    `stomp.default_pass = ${browserPassword}`,
    // No guest user: the definitions file makes the only two.
    'default_user = publisher',
    'loopback_users = none',
    `load_definitions = ${definitionsFile}`,
    // A test machine's disk may be nearly full: only stop publishers when it is truly out of space.
    'disk_free_limit.absolute = 1MB',
    'log.console = false',
    'log.file.level = warning',
    '',
  ].join('\n');
}

/** The variables that point rabbitmqctl at a throw-away node: its cookie's HOME, epmd and ports. */
const CTL_ENV = ['HOME', 'RABBITMQ_CONF_ENV_FILE', 'RABBITMQ_NODENAME', 'ERL_EPMD_PORT', 'ERL_EPMD_ADDRESS'];

const pick = (env, names) => Object.fromEntries(names.map((name) => [name, env[name]]));

function ctl(binDir, env, nodeName, args) {
  const result = spawnSync(join(binDir, 'rabbitmqctl'), ['-n', nodeName, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(
      `rabbitmqctl ${args.join(' ')} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}

/** rabbitmqctl against a node another process started, from its `control` (tests get it through the environment). */
export function rabbitmqctlFor(control, args) {
  return ctl(control.binDir, control.env, control.nodeName, args);
}

/** Resolves once something accepts connections on 127.0.0.1:port; rejects when `alive()` turns false or at `deadline`. */
function waitForPort(port, alive, deadline, what = 'RabbitMQ') {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (!alive()) return reject(new Error(`${what} exited during start`));
      if (Date.now() > deadline) return reject(new Error(`${what} did not listen on port ${port} in time`));
      const socket = connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      // Refused: the node is still booting. The next attempt follows the failed one, no timer.
      socket.once('error', () => {
        socket.destroy();
        setImmediate(attempt);
      });
    };
    attempt();
  });
}

/** What rabbitmq-server prints on its standard output once the broker, its plugins and their listeners are up. */
export const STARTED_LINE = /Starting broker\.\.\. completed with \d+ plugins/;

/**
 * Resolves once `file` holds a match of `pattern`, woken by the file's own change events (inotify), not by
 * polling; rejects when `exited` settles first or at `deadline`. Asking the port again and again instead kept a
 * core busy for the whole boot (about 5 s of CPU a start, beside the node's own), which the Erlang VM starting on
 * the same two cores then lacked (TR61).
 */
export function waitForOutput(file, pattern, exited, deadline, what = 'RabbitMQ') {
  return new Promise((resolve, reject) => {
    let settled = false;
    let watcher = null;
    const finish = (error) => {
      if (settled) return;
      settled = true;
      watcher?.close();
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const check = () => {
      let text = '';
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        // not written yet
      }
      if (pattern.test(text)) finish();
    };
    const timer = setTimeout(
      () => finish(new Error(`${what} did not start in time`)),
      Math.max(0, deadline - Date.now()),
    );
    void exited.then(() => {
      // Its last words may hold the line (a start that completed, then stopped): look once more first.
      check();
      finish(new Error(`${what} exited during start`));
    });
    watcher = watch(file, check);
    // Written before the watch began.
    check();
  });
}

/**
 * Start a throw-away RabbitMQ node with Web-STOMP and the event exchange: its own temp dirs (mnesia, logs,
 * HOME for the Erlang cookie), a unique node name, its own epmd and distribution ports, a free Web-STOMP port,
 * and the two users of `marketDefinitions`. Returns the server's STOMP URL (`url`, the publisher), the
 * browsers' (`publicUrl`, no credentials), the passwords, the start time, and `stop()`, which is synchronous so
 * that exit and signal handlers can call it.
 */
export async function startTempRabbitmq(binDir, { timeoutMs = 60_000 } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'tk-rmq-'));
  const home = join(root, 'home');
  mkdirSync(home);
  const logFile = join(root, 'server.log');
  const [webStompPort, distPort, epmdPort] = [await freePort(), await freePort(), await freePort()];
  const nodeName = `tk${process.pid}${randomBytes(3).toString('hex')}@localhost`;
  const publisherPassword = randomBytes(12).toString('hex');
  const browserPassword = randomBytes(12).toString('hex');
  const definitionsFile = join(root, 'definitions.json');
  writeFileSync(definitionsFile, JSON.stringify(marketDefinitions({ publisherPassword, browserPassword })));
  const configFile = join(root, 'rabbitmq.conf');
  writeFileSync(configFile, marketConfig({ webStompPort, definitionsFile, browserPassword }));
  const pluginsFile = join(root, 'enabled_plugins');
  writeFileSync(pluginsFile, `[${RABBITMQ_PLUGINS.join(',')}].\n`);

  const env = {
    ...process.env,
    HOME: home,
    // An empty env file: /etc/rabbitmq/rabbitmq-env.conf belongs to the machine's own node.
    RABBITMQ_CONF_ENV_FILE: join(root, 'rabbitmq-env.conf'),
    RABBITMQ_NODENAME: nodeName,
    RABBITMQ_USE_LONGNAME: 'false',
    RABBITMQ_MNESIA_BASE: join(root, 'mnesia'),
    RABBITMQ_LOG_BASE: join(root, 'log'),
    RABBITMQ_CONFIG_FILE: configFile,
    RABBITMQ_ADVANCED_CONFIG_FILE: join(root, 'advanced.config'),
    RABBITMQ_ENABLED_PLUGINS_FILE: pluginsFile,
    RABBITMQ_DIST_PORT: String(distPort),
    // Our own epmd: a machine's node on 4369 neither sees nor clashes with this one, and stop() ends it.
    ERL_EPMD_PORT: String(epmdPort),
    ERL_EPMD_ADDRESS: '127.0.0.1',
  };
  writeFileSync(env.RABBITMQ_CONF_ENV_FILE, '');

  let child = null;
  let epmd = null;
  let exited = false;
  const stop = () => {
    if (child && !exited) {
      const result = spawnSync(join(binDir, 'rabbitmqctl'), ['-n', nodeName, 'shutdown'], {
        env,
        encoding: 'utf8',
      });
      if (result.status !== 0 && !exited) {
        // rabbitmqctl could not reach the node: end its Erlang VM (the launcher's process group) directly.
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    child = null;
    // Our epmd by its pid: `epmd -kill` refuses while a killed node is still registered.
    if (epmd && epmd.exitCode === null) epmd.kill('SIGKILL');
    epmd = null;
    rmSync(root, { recursive: true, force: true });
  };

  const startedAt = Date.now();
  try {
    // The node's epmd started here, in the foreground, so that stop() ends it by pid (Erlang would start a
    // daemon of its own otherwise, which outlives a node that had to be killed).
    epmd = spawn('epmd', ['-port', String(epmdPort), '-address', '127.0.0.1'], { env, stdio: 'ignore' });
    epmd.unref();
    let epmdExited = false;
    epmd.once('exit', () => (epmdExited = true));
    epmd.once('error', () => (epmdExited = true));
    await waitForPort(epmdPort, () => !epmdExited, startedAt + timeoutMs, 'epmd (Erlang)');
    const log = openSync(logFile, 'a');
    // Detached in its own process group: a Ctrl-C of `npm test` reaches the test runner, whose handlers stop the
    // node with rabbitmqctl.
    child = spawn(join(binDir, 'rabbitmq-server'), [], { env, detached: true, stdio: ['ignore', log, log] });
    closeSync(log);
    const childExited = new Promise((resolve) => child.once('exit', resolve));
    void childExited.then(() => {
      exited = true;
    });
    child.unref();
    // The node says when its listeners are up; then one connection proves the Web-STOMP port.
    await waitForOutput(logFile, STARTED_LINE, childExited, startedAt + timeoutMs);
    await waitForPort(webStompPort, () => !exited, startedAt + timeoutMs);
    return {
      // rabbitmqctl against this node (e.g. ['close_all_connections', 'test']); throws with its output on failure.
      ctl: (args) => ctl(binDir, env, nodeName, args),
      // What another process needs to run rabbitmqctl against this node (see `rabbitmqctlFor`).
      control: { binDir, nodeName, env: pick(env, CTL_ENV) },
      url: `ws://publisher:${publisherPassword}@127.0.0.1:${webStompPort}/ws`,
      publicUrl: `ws://127.0.0.1:${webStompPort}/ws`,
      webStompPort,
      nodeName,
      publisherPassword,
      browserPassword,
      startMs: Date.now() - startedAt,
      stop,
    };
  } catch (error) {
    let log = '';
    try {
      log = readFileSync(logFile, 'utf8').slice(-4000);
    } catch {
      // no log written
    }
    try {
      stop();
    } catch {
      // keep the original error
    }
    throw new Error(`${error.message}\n${log}`, { cause: error });
  }
}
