/**
 * The reverse proxy of docs/deploy.md: nginx runs with `deploy/nginx/tradekit.conf` itself (only its listen
 * address and upstream port are put in) in front of a real app, and everything a browser does passes through
 * it — the site, the runtime config naming the proxy's origin, the API, the client address the server
 * believes, and both sockets with their beats. nginx is Debian's `nginx-light` (.ci/run installs it); without
 * it this file fails and says so rather than skipping.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { EXCHANGE_HEARTBEAT_FRAME } from '../../src/core/contract/trading';
import { Topic } from '../../src/core/contract/paths';
import { ADMIN_TOKEN, createUser, signIn } from '../../server/src/accounts/test-app';
import { buildTestApp } from '../../server/src/testing';

const CONF = resolve(import.meta.dirname, '../../deploy/nginx/tradekit.conf');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find((path) => existsSync(path));

/** The page the test's site serves at `/`. */
const SITE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>TradeKit behind nginx</title></head>' +
  '<body><div id="root"></div></body></html>';

/** Puts the test's addresses into the shipped file; each line must be there exactly once. */
function siteConf(listen: number, upstream: number): string {
  let text = readFileSync(CONF, 'utf8');
  for (const [line, replacement] of [
    ['    server 127.0.0.1:8080;', `    server 127.0.0.1:${upstream};`],
    ['    listen 80;', `    listen 127.0.0.1:${listen};`],
  ] as const) {
    expect(text.split(line).length - 1, `deploy/nginx/tradekit.conf: "${line.trim()}"`).toBe(1);
    text = text.replace(line, replacement);
  }
  return text;
}

/** The main configuration around it: temp paths of its own, in the foreground, errors on stderr. */
function mainConf(dir: string): string {
  const temp = (name: string) => {
    mkdirSync(join(dir, name), { recursive: true });
    return join(dir, name);
  };
  return [
    // As root, nginx's workers would run as nobody, who cannot write this directory.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    'error_log stderr warn;',
    `pid ${join(dir, 'nginx.pid')};`,
    'events { worker_connections 128; }',
    'http {',
    '  access_log off;',
    `  client_body_temp_path ${temp('body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    `  include ${join(dir, 'tradekit.conf')};`,
    '}',
  ].join('\n');
}

const accepts = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      done(true);
    });
    socket.once('error', () => done(false));
  });

/** A port the OS just gave out and took back, for nginx to listen on. */
const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });

/** The next text frame of `ws` that `match` accepts. */
function frame(ws: WebSocket, match: (text: string) => boolean): Promise<string> {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error('no matching frame in 10 s')), 10_000);
    const onMessage = (data: WebSocket.RawData) => {
      const text = String(data);
      if (!match(text)) return;
      clearTimeout(timer);
      ws.off('message', onMessage);
      done(text);
    };
    ws.on('message', onMessage);
  });
}

const opened = (ws: WebSocket) =>
  new Promise<void>((done, fail) => {
    ws.once('open', () => done());
    ws.once('error', fail);
  });

describe('the server behind nginx with deploy/nginx/tradekit.conf', () => {
  if (!NGINX) {
    it('runs nginx', () => {
      throw new Error('nginx is not installed: `apt install nginx-light` (Debian; .ci/run installs it).');
    });
    return;
  }
  let app: FastifyInstance;
  let nginx: ChildProcess;
  let dir: string;
  let origin: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tk-nginx-'));
    // A site of the test's own: the proxy is what is tested, and the file passes without a build of dist/ (a fresh
    // clone's `npm run test:fast` has none).
    const site = join(dir, 'site');
    mkdirSync(site);
    writeFileSync(join(site, 'index.html'), SITE_PAGE);
    app = await buildTestApp({
      distDir: site,
      adminToken: ADMIN_TOKEN,
      // As docs/deploy.md says: believe X-Forwarded-* from the proxy on this machine only.
      trustProxy: 'loopback',
      market: { backfillDays: 0.01 },
      exchangeWs: { heartbeatMs: 200 },
    });
    const upstream = Number(new URL(await app.listen({ host: '127.0.0.1', port: 0 })).port);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    writeFileSync(join(dir, 'tradekit.conf'), siteConf(port, upstream));
    writeFileSync(join(dir, 'nginx.conf'), mainConf(dir));
    let output = '';
    nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    nginx.stderr?.on('data', (chunk) => (output += String(chunk)));
    // Ready when its port takes a connection (checked every 50 ms; nginx tells no other way in the foreground).
    for (const deadline = Date.now() + 15_000; !(await accepts(port));) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${output}`);
      if (Date.now() > deadline) throw new Error(`nginx did not listen in 15 s: ${output}`);
      await new Promise((next) => setTimeout(next, 50));
    }
  }, 120_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((done) => nginx.once('exit', done));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves the site, a runtime config naming the proxy as the origin of every service, and the API', async () => {
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<title>TradeKit behind nginx</title>');
    const config = await (await fetch(`${origin}/config.json`)).json();
    expect(config.services).toEqual({
      api: `${origin}/v1`,
      market: `${origin}/market`,
      marketWs: `${origin.replace('http', 'ws')}/market-ws`,
      exchange: `${origin}/exchange`,
      exchangeWs: `${origin.replace('http', 'ws')}/exchange-ws`,
    });
    const products = await fetch(`${origin}/v1/wa-na/forex/product/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect((await products.json()).code).toBe(0);
  });

  it('believes the address nginx saw, never an X-Forwarded-For the client wrote', async () => {
    // 20 failed sign-ins per address in 15 minutes: each attempt forges another address, and all of them count
    // against the one nginx saw, so the 21st is refused before any check.
    const attempt = (i: number) =>
      fetch(`${origin}/v1/wa-na/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
        body: JSON.stringify({ type: 'E', username: `nobody${i}@example.test`, password: 'wrong-password' }),
      }).then(async (res) => (await res.json()).code as number);
    const codes: number[] = [];
    for (let i = 1; i <= 21; i++) codes.push(await attempt(i));
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(1108));
    expect(codes[20]).toBe(1110);
  });

  it('carries the market socket (STOMP) and the account socket with its heart-beat', async () => {
    const market = new WebSocket(`${origin.replace('http', 'ws')}/market-ws`, ['v12.stomp']);
    try {
      await opened(market);
      const connected = frame(market, (text) => text.startsWith('CONNECTED'));
      market.send('CONNECT\naccept-version:1.2\nhost:tradekit\nheart-beat:0,0\n\n\0');
      await connected;
      const price = frame(market, (text) => text.startsWith('MESSAGE'));
      market.send(`SUBSCRIBE\nid:0\ndestination:${Topic.price('BTCUSDT')}\n\n\0`);
      expect(await price).toContain(`destination:${Topic.price('BTCUSDT')}`);
    } finally {
      market.terminate();
    }

    const user = await createUser(app);
    const token = await signIn(app, user.id);
    const account = new WebSocket(`${origin.replace('http', 'ws')}/exchange-ws/${user.uid}`);
    try {
      await opened(account);
      const orders = frame(account, (text) => text.includes('"ordertype":"holtOrder"'));
      const beat = frame(account, (text) => text === EXCHANGE_HEARTBEAT_FRAME);
      account.send(JSON.stringify({ token }));
      expect(JSON.parse(await orders)).toMatchObject({ ordertype: 'holtOrder', virtual: false, list: [] });
      await beat;
    } finally {
      account.terminate();
    }
  });
});
