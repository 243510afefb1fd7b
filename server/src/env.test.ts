import { describe, expect, it } from 'vitest';
import { describeEnv, ENV_VARS, EnvError, readEnv } from './env';

describe('readEnv', () => {
  it('applies the defaults and generates an admin token outside production', () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      databasePoolMax: 20,
      publicOrigin: undefined,
      allowedOrigins: [],
      brand: 'tradekit',
      production: false,
      logLevel: 'info',
      adminTokenGenerated: true,
    });
    expect(env.adminToken.length).toBeGreaterThanOrEqual(32);
    expect(readEnv({}).adminToken).not.toBe(env.adminToken);
  });

  it('caps sockets per client address at 20 by default; the caps are set apart, 0 turning one off', () => {
    expect(readEnv({})).toMatchObject({ marketWsMaxPerIp: 20, exchangeWsMaxPerIp: 20 });
    const env = readEnv({ MARKET_WS_MAX_PER_IP: '0', EXCHANGE_WS_MAX_PER_IP: '5' });
    expect(env).toMatchObject({ marketWsMaxPerIp: 0, exchangeWsMaxPerIp: 5 });
    expect(() => readEnv({ MARKET_WS_MAX_PER_IP: 'many' })).toThrow(/MARKET_WS_MAX_PER_IP/);
  });

  it('leaves the Idempotency-Key lease to the default unless IDEMPOTENCY_LEASE_MS sets 100 ms to 10 minutes', () => {
    expect(readEnv({}).idempotencyLeaseMs).toBeUndefined();
    expect(readEnv({ IDEMPOTENCY_LEASE_MS: '1000' }).idempotencyLeaseMs).toBe(1000);
    for (const bad of ['99', '600001', '1.5', 'soon'])
      expect(() => readEnv({ IDEMPOTENCY_LEASE_MS: bad })).toThrow(
        /IDEMPOTENCY_LEASE_MS must be an integer from 100 to 600000/,
      );
  });

  it('serves the dev outbox only when DEV_OUTBOX switches it on, and never in production', () => {
    expect(readEnv({}).devOutbox).toBe(false);
    expect(readEnv({ NODE_ENV: 'development' }).devOutbox).toBe(false);
    expect(readEnv({ DEV_OUTBOX: '1' }).devOutbox).toBe(true);
    expect(readEnv({ DEV_OUTBOX: '0' }).devOutbox).toBe(false);
    expect(() => readEnv({ DEV_OUTBOX: 'yes please' })).toThrow(/DEV_OUTBOX must be 0 or 1/);
    expect(() =>
      readEnv({ NODE_ENV: 'production', ADMIN_TOKEN: 'a-long-enough-secret', DEV_OUTBOX: '1' }),
    ).toThrow(/DEV_OUTBOX/);
  });

  it('runs a movable clock only when DEV_CLOCK_OFFSET_MS is set, never in production or in a cluster (CH4)', () => {
    expect(readEnv({}).devClockOffsetMs).toBeUndefined();
    expect(readEnv({ DEV_CLOCK_OFFSET_MS: '0' }).devClockOffsetMs).toBe(0);
    expect(readEnv({ DEV_CLOCK_OFFSET_MS: '181000' }).devClockOffsetMs).toBe(181_000);
    expect(() => readEnv({ DEV_CLOCK_OFFSET_MS: '-1' })).toThrow(
      /DEV_CLOCK_OFFSET_MS must be an integer from 0 to 31536000000/,
    );
    expect(() =>
      readEnv({ NODE_ENV: 'production', ADMIN_TOKEN: 'a-long-enough-secret', DEV_CLOCK_OFFSET_MS: '0' }),
    ).toThrow(/DEV_CLOCK_OFFSET_MS is refused when NODE_ENV=production/);
    expect(() =>
      readEnv({ CLUSTER: '1', DATABASE_URL: 'postgres://db/tradekit', DEV_CLOCK_OFFSET_MS: '0' }),
    ).toThrow(/DEV_CLOCK_OFFSET_MS is refused with several processes/);
  });

  it('requires ADMIN_TOKEN in production', () => {
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(/ADMIN_TOKEN is required/);
    const env = readEnv({ NODE_ENV: 'production', ADMIN_TOKEN: 'a-long-enough-secret' });
    expect(env).toMatchObject({
      production: true,
      adminToken: 'a-long-enough-secret',
      adminTokenGenerated: false,
    });
  });

  it('reads every variable', () => {
    const env = readEnv({
      PORT: '9090',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/tk',
      DATABASE_URL: 'postgres://u@db:5432/tk',
      DATABASE_POOL_MAX: '32',
      PUBLIC_ORIGIN: 'https://trade.example/',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example:8443',
      TRUST_PROXY: '1',
      BRAND: 'Aurora',
      MARKET_SEED: '42',
      LOG_LEVEL: 'warn',
    });
    expect(env).toMatchObject({
      port: 9090,
      host: '127.0.0.1',
      dataDir: '/srv/tk',
      databaseUrl: 'postgres://u@db:5432/tk',
      databasePoolMax: 32,
      publicOrigin: 'https://trade.example',
      allowedOrigins: ['https://a.example', 'https://b.example:8443'],
      trustProxy: true,
      brand: 'aurora',
      marketSeed: 42,
      logLevel: 'warn',
    });
  });

  it('reads RabbitMQ mode: the server URL with credentials, the public one absolute or a path', () => {
    expect(readEnv({}).marketBroker).toBeUndefined();
    expect(readEnv({ MARKET_BROKER_URL: 'wss://pub:s%40cret@mq.example:15673/ws' }).marketBroker).toEqual({
      url: 'wss://pub:s%40cret@mq.example:15673/ws',
      publicUrl: undefined,
    });
    expect(
      readEnv({ MARKET_BROKER_URL: 'ws://pub:x@127.0.0.1:15674/ws', MARKET_BROKER_PUBLIC_URL: '/market-ws' })
        .marketBroker,
    ).toEqual({ url: 'ws://pub:x@127.0.0.1:15674/ws', publicUrl: '/market-ws' });
  });

  it.each([
    [undefined, false],
    ['0', false],
    ['false', false],
    ['1', true],
    ['true', true],
    ['loopback', 'loopback'],
    [' 10.0.0.0/8 , 192.168.1.7,uniquelocal ', '10.0.0.0/8,192.168.1.7,uniquelocal'],
    ['::1', '::1'],
  ])('reads TRUST_PROXY=%s as %s', (raw, trust) =>
    expect(readEnv(raw === undefined ? {} : { TRUST_PROXY: raw }).trustProxy).toBe(trust),
  );

  it.each([
    [{ PORT: 'eighty' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres/],
    [{ PUBLIC_ORIGIN: 'trade.example' }, /PUBLIC_ORIGIN must be an http\(s\) origin/],
    [{ ALLOWED_ORIGINS: 'https://ok.example,ftp://x' }, /ALLOWED_ORIGINS/],
    [{ MARKET_SEED: '1.5' }, /MARKET_SEED/],
    [{ DATABASE_POOL_MAX: '0' }, /DATABASE_POOL_MAX must be an integer/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ ADMIN_TOKEN: 'short' }, /at least 16/],
    [{ TRUST_PROXY: 'yes please' }, /TRUST_PROXY must be 0, the proxies' addresses/],
    [{ TRUST_PROXY: '10.0.0.0/99' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: ' , ' }, /TRUST_PROXY/],
    [{ MARKET_BROKER_URL: 'amqp://u:p@mq:5672' }, /MARKET_BROKER_URL must be a ws:\/\/ or wss:\/\/ URL/],
    [{ MARKET_BROKER_URL: 'ws://mq:15674/ws' }, /publisher's user and password/],
    [{ MARKET_BROKER_URL: 'ws://u:p@mq:15674/w\ts' }, /MARKET_BROKER_URL must be a ws/],
    [{ MARKET_BROKER_PUBLIC_URL: 'wss://mq.example/ws' }, /without MARKET_BROKER_URL/],
    [
      { MARKET_BROKER_URL: 'ws://u:p@mq:15674/ws', MARKET_BROKER_PUBLIC_URL: 'wss://u:p@mq.example/ws' },
      /must not carry credentials/,
    ],
    [
      { MARKET_BROKER_URL: 'ws://u:p@mq:15674/ws', MARKET_BROKER_PUBLIC_URL: '//mq.example/ws' },
      /MARKET_BROKER_PUBLIC_URL must be a ws\(s\):\/\/ URL or a path/,
    ],
    [
      { MARKET_BROKER_URL: 'ws://u:p@mq:15674/ws', MARKET_BROKER_PUBLIC_URL: 'https://mq.example/ws' },
      /MARKET_BROKER_PUBLIC_URL must be a ws/,
    ],
  ])('rejects %o with a clear message', (env, message) => {
    expect(() => readEnv(env)).toThrow(EnvError);
    expect(() => readEnv(env)).toThrow(message);
  });
});

describe('CLUSTER', () => {
  it('is off by default, on with 1 and PostgreSQL, and refused without DATABASE_URL or with another value', () => {
    const pg = { DATABASE_URL: 'postgres://db/tradekit' };
    expect(readEnv({}).cluster).toBe(false);
    expect(readEnv({ ...pg, CLUSTER: '0' }).cluster).toBe(false);
    expect(readEnv({ ...pg, CLUSTER: '1' }).cluster).toBe(true);
    expect(() => readEnv({ CLUSTER: '1' })).toThrow('CLUSTER=1 needs PostgreSQL: set DATABASE_URL');
    expect(() => readEnv({ ...pg, CLUSTER: 'yes' })).toThrow('CLUSTER must be 0 or 1, got "yes"');
  });
});

describe('describeEnv', () => {
  it('documents every variable in a Markdown table', () => {
    const table = describeEnv();
    for (const v of ENV_VARS) expect(table).toContain(`| \`${v.name}\` |`);
    expect(ENV_VARS.map((v) => v.name)).toEqual(
      expect.arrayContaining([
        'PORT',
        'HOST',
        'DATA_DIR',
        'DATABASE_URL',
        'DATABASE_POOL_MAX',
        'ADMIN_TOKEN',
        'PUBLIC_ORIGIN',
        'ALLOWED_ORIGINS',
        'BRAND',
        'MARKET_SEED',
        'NODE_ENV',
        'LOG_LEVEL',
      ]),
    );
  });
});
