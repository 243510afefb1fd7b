import { createDevOutbox, type DevOutbox, type DevOutboxOptions } from './dev-outbox';
import { createSmtpSender } from './smtp';
import { ChannelUnavailableError, type Channel, type OutgoingMessage, type Sender } from './types';

/** What decides the senders (read from env SMTP_URL, SMTP_FROM, NODE_ENV by the auth plugin). */
export interface SenderSettings {
  smtpUrl?: string;
  smtpFrom?: string;
  production: boolean;
  outbox?: DevOutboxOptions;
}

/** The senders of a process; `outbox` is null in production (and `/dev/outbox` is then not served). */
export interface SenderSetup {
  sender: Sender;
  outbox: DevOutbox | null;
  close(): void;
}

/** Routes each channel to the first sender that supports it. */
export function routeSenders(senders: Sender[]): Sender {
  const pick = (channel: Channel) => senders.find((sender) => sender.supports(channel));
  return {
    supports: (channel) => pick(channel) !== undefined,
    async send(message: OutgoingMessage) {
      const sender = pick(message.channel);
      if (!sender) throw new ChannelUnavailableError(message.channel);
      await sender.send(message);
    },
  };
}

/**
 * Mail goes through SMTP when SMTP_URL is set, else to the dev outbox. SMS goes to the dev outbox outside
 * production; production needs an SMS gateway behind the `Sender` interface, and without one `sendPhone`
 * answers 1033. Nothing reaches the dev outbox in production.
 */
export function createSenders(settings: SenderSettings): SenderSetup {
  const smtp = settings.smtpUrl
    ? createSmtpSender({ url: settings.smtpUrl, from: settings.smtpFrom ?? 'no-reply@localhost' })
    : null;
  const outbox = settings.production ? null : createDevOutbox(settings.outbox);
  const senders = [smtp, outbox].filter((sender): sender is NonNullable<typeof sender> => sender !== null);
  return { sender: routeSenders(senders), outbox, close: () => smtp?.close() };
}
