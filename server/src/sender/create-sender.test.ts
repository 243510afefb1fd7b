import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSenders, routeSenders } from './create-sender';
import { ChannelUnavailableError, type OutgoingMessage, type Sender } from './types';

const MAIL: OutgoingMessage = {
  channel: 'mail',
  to: 'ann@example.com',
  purpose: '1',
  code: '123456',
  subject: 'Your code',
  text: 'Your code is 123456.',
  fromName: 'Aurora Markets',
};
const SMS: OutgoingMessage = { ...MAIL, channel: 'sms', to: '+33612345678' };

/** A minimal SMTP server (RFC 5321 happy path) that records each message. */
function fakeSmtp(): Promise<{
  server: Server;
  port: number;
  received: Array<{ from: string; to: string[]; data: string }>;
}> {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line;
        if (verb === 'RCPT') current.to.push(line);
        if (verb === 'DATA') inData = true;
        if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write(verb === 'DATA' ? '354 go on\r\n' : '250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, received });
    }),
  );
}

describe('createSenders', () => {
  let close: () => void = () => undefined;
  afterEach(() => close());

  it('uses the dev outbox for mail and SMS when it is switched on', async () => {
    const setup = createSenders({ devOutbox: true, outbox: { print: () => undefined } });
    close = setup.close;
    await setup.sender.send(MAIL);
    await setup.sender.send(SMS);
    expect(setup.outbox?.list().map((entry) => entry.channel)).toEqual(['sms', 'mail']);
  });

  it('has no outbox and no channel without SMTP when the outbox is off', async () => {
    const setup = createSenders({ devOutbox: false });
    close = setup.close;
    expect(setup.outbox).toBeNull();
    expect(setup.sender.supports('mail')).toBe(false);
    expect(setup.sender.supports('sms')).toBe(false);
    await expect(setup.sender.send(SMS)).rejects.toBeInstanceOf(ChannelUnavailableError);
  });

  it('mails through SMTP_URL with the brand as display name, and has no SMS without the outbox', async () => {
    const smtp = await fakeSmtp();
    const setup = createSenders({
      devOutbox: false,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      smtpFrom: 'no-reply@trade.example',
    });
    close = () => {
      setup.close();
      smtp.server.close();
    };
    expect(setup.sender.supports('mail')).toBe(true);
    expect(setup.sender.supports('sms')).toBe(false);
    await setup.sender.send(MAIL);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe('MAIL FROM:<no-reply@trade.example>');
    expect(mail?.to).toEqual(['RCPT TO:<ann@example.com>']);
    expect(mail?.data).toContain('From: Aurora Markets <no-reply@trade.example>');
    expect(mail?.data).toContain('Subject: Your code');
    expect(mail?.data).toContain('Your code is 123456.');
  });

  it('keeps the dev outbox for SMS when SMTP carries the mail and the outbox is on', async () => {
    const smtp = await fakeSmtp();
    const setup = createSenders({
      devOutbox: true,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      outbox: { print: () => undefined },
    });
    close = () => {
      setup.close();
      smtp.server.close();
    };
    await setup.sender.send(MAIL);
    await setup.sender.send(SMS);
    expect(smtp.received).toHaveLength(1);
    expect(setup.outbox?.list().map((entry) => entry.channel)).toEqual(['sms']);
  });
});

describe('routeSenders', () => {
  it('hands each channel to the first sender that supports it', async () => {
    const log: string[] = [];
    const sender = (name: string, channel: 'mail' | 'sms'): Sender => ({
      supports: (c) => c === channel,
      send: async (message) => void log.push(`${name}:${message.channel}`),
    });
    const routed = routeSenders([sender('gateway', 'sms'), sender('smtp', 'mail')]);
    await routed.send(MAIL);
    await routed.send(SMS);
    expect(log).toEqual(['smtp:mail', 'gateway:sms']);
  });
});
