import type { Channel, MessagePurpose, OutgoingMessage, Sender } from './types';

/** One delivered message as `GET /dev/outbox` lists it. */
export interface OutboxEntry {
  to: string;
  channel: Channel;
  purpose: MessagePurpose;
  code: string | null;
  subject: string;
  text: string;
  /** ISO 8601 time of delivery. */
  time: string;
}

/** The development sender: prints each message and keeps the latest ones in memory. */
export interface DevOutbox extends Sender {
  /** Messages to `to` (any address when omitted), newest first. */
  list(to?: string): OutboxEntry[];
  clear(): void;
}

/** Options of the dev outbox. */
export interface DevOutboxOptions {
  /** Messages kept (oldest dropped first); default 500. */
  capacity?: number;
  /** Where the one-line notice of each message goes; default the console. */
  print?: (line: string) => void;
  /** Stamps of the messages (the identity module passes the server's clock); default real time. */
  now?: () => number;
}

/**
 * Normalises an outbox query so that `a@B.com`, `+447700900123` and `447700900123` find what was sent (a `+`
 * in a query string often arrives as a space).
 */
export function outboxAddress(value: string): string {
  const trimmed = value.trim().toLowerCase();
  if (trimmed.includes('@')) return trimmed;
  const digits = trimmed.replace(/\D/g, '');
  return digits ? `+${digits}` : trimmed;
}

/** The dev outbox: the code itself is printed, since in development the console is the delivery channel. */
export function createDevOutbox(options: DevOutboxOptions = {}): DevOutbox {
  const capacity = options.capacity ?? 500;
  const print = options.print ?? ((line: string) => console.log(line));
  const now = options.now ?? Date.now;
  const entries: OutboxEntry[] = [];
  return {
    supports: () => true,
    async send(message: OutgoingMessage) {
      entries.push({
        to: message.to,
        channel: message.channel,
        purpose: message.purpose,
        code: message.code,
        subject: message.subject,
        text: message.text,
        time: new Date(now()).toISOString(),
      });
      if (entries.length > capacity) entries.splice(0, entries.length - capacity);
      print(`[outbox] ${message.channel} to ${message.to} (type ${message.purpose}): ${message.text}`);
    },
    list(to) {
      const address = to === undefined ? undefined : outboxAddress(to);
      return entries.filter((entry) => address === undefined || entry.to === address).reverse();
    },
    clear: () => void entries.splice(0),
  };
}
