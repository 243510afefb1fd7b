import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STARTED_LINE, waitForOutput } from './temp-rabbitmq.mjs';

const BANNER = '  ##  ##      RabbitMQ 3.10.8\n\n  Starting broker...';
const DONE = ' completed with 3 plugins.\n';
const never = new Promise<never>(() => undefined);

let dir = '';
const logFile = () => {
  dir = mkdtempSync(join(tmpdir(), 'tk-rmq-wait-'));
  const file = join(dir, 'server.log');
  writeFileSync(file, BANNER);
  return file;
};

afterEach(() => {
  vi.useRealTimers();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

describe('waiting for a throw-away RabbitMQ node to start (TR61)', () => {
  it('knows the line rabbitmq-server prints once its listeners are up', () => {
    expect(STARTED_LINE.test(BANNER)).toBe(false);
    expect(STARTED_LINE.test(BANNER + DONE)).toBe(true);
  });

  it('resolves when the node writes the line after the wait began', async () => {
    const file = logFile();
    const started = waitForOutput(file, STARTED_LINE, never, Date.now() + 30_000);
    appendFileSync(file, DONE);
    await expect(started).resolves.toBeUndefined();
  });

  it('resolves at once when the line is already there', async () => {
    const file = logFile();
    appendFileSync(file, DONE);
    await expect(waitForOutput(file, STARTED_LINE, never, Date.now() + 30_000)).resolves.toBeUndefined();
  });

  it('waits on the file’s change events with one timer, the deadline, instead of asking again and again', async () => {
    vi.useFakeTimers({
      toFake: [
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'setImmediate',
        'clearImmediate',
      ],
    });
    const file = logFile();
    const started = waitForOutput(file, STARTED_LINE, never, Date.now() + 30_000);
    expect(vi.getTimerCount()).toBe(1);
    appendFileSync(file, DONE);
    await expect(started).resolves.toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails when the node exits before the line, and names what', async () => {
    const file = logFile();
    await expect(
      waitForOutput(file, STARTED_LINE, Promise.resolve(1), Date.now() + 30_000, 'the node'),
    ).rejects.toThrow('the node exited during start');
  });

  it('fails at the deadline when the line never comes', async () => {
    const file = logFile();
    await expect(waitForOutput(file, STARTED_LINE, never, Date.now())).rejects.toThrow(
      'RabbitMQ did not start in time',
    );
  });
});
