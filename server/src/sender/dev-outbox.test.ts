import { describe, expect, it } from 'vitest';
import { createDevOutbox, outboxAddress } from './dev-outbox';
import type { OutgoingMessage } from './types';

const message = (to: string, code: string, channel: 'mail' | 'sms' = 'mail'): OutgoingMessage => ({
  channel,
  to,
  purpose: '1',
  code,
  subject: 'Code',
  text: `Your code is ${code}.`,
  fromName: 'TradeKit',
});

describe('createDevOutbox', () => {
  it('prints one line per message with the code and lists them newest first', async () => {
    const lines: string[] = [];
    let now = Date.UTC(2025, 0, 6);
    const outbox = createDevOutbox({ print: (line) => lines.push(line), now: () => now });
    await outbox.send(message('ann@example.com', '111111'));
    now += 1000;
    await outbox.send(message('ann@example.com', '222222'));
    await outbox.send(message('bob@example.com', '333333'));
    expect(lines).toEqual([
      '[outbox] mail to ann@example.com (type 1): Your code is 111111.',
      '[outbox] mail to ann@example.com (type 1): Your code is 222222.',
      '[outbox] mail to bob@example.com (type 1): Your code is 333333.',
    ]);
    expect(outbox.list('ann@example.com').map((entry) => [entry.code, entry.time])).toEqual([
      ['222222', '2025-01-06T00:00:01.000Z'],
      ['111111', '2025-01-06T00:00:00.000Z'],
    ]);
    expect(outbox.list().map((entry) => entry.code)).toEqual(['333333', '222222', '111111']);
  });

  it('keeps only the newest messages up to its capacity', async () => {
    const outbox = createDevOutbox({ capacity: 3, print: () => undefined });
    for (let i = 0; i < 5; i++) await outbox.send(message('a@example.com', String(i)));
    expect(outbox.list().map((entry) => entry.code)).toEqual(['4', '3', '2']);
    outbox.clear();
    expect(outbox.list()).toEqual([]);
  });

  it('finds phone messages with or without plus, and emails in any case', async () => {
    const outbox = createDevOutbox({ print: () => undefined });
    await outbox.send(message('+33612345678', '123456', 'sms'));
    for (const query of ['+33612345678', '33612345678', ' 33612345678']) {
      expect(outbox.list(query)).toHaveLength(1);
    }
    expect(outboxAddress('Ann@Example.COM')).toBe('ann@example.com');
  });
});
