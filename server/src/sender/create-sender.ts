import { createDevOutbox, type DevOutbox, type DevOutboxOptions } from './dev-outbox';
import { createSmtpSender } from './smtp';
import { ChannelUnavailableError, type Channel, type OutgoingMessage, type Sender } from './types';

/** What decides the senders (read from env SMTP_URL, SMTP_FROM, DEV_OUTBOX by the auth plugin). */
export interface SenderSettings {
  smtpUrl?: string;
  smtpFrom?: string;
  /** The dev outbox, switched on explicitly (DEV_OUTBOX=1; the auth plugin refuses it in production). */
  devOutbox: boolean;
  outbox?: DevOutboxOptions;
}

/** The senders of a process; `outbox` is null unless switched on (and `/dev/outbox` is then not served). */
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
 * Mail goes through SMTP when SMTP_URL is set, else to the dev outbox when it is switched on. SMS goes to the
 * dev outbox when it is on; otherwise it needs an SMS gateway behind the `Sender` interface, and without one
 * `sendPhone` answers 1033 (as `sendMail` does without SMTP and outbox).
 */
export function createSenders(settings: SenderSettings): SenderSetup {
  const smtp = settings.smtpUrl
    ? createSmtpSender({ url: settings.smtpUrl, from: settings.smtpFrom ?? 'no-reply@localhost' })
    : null;
  const outbox = settings.devOutbox ? createDevOutbox(settings.outbox) : null;
  const senders = [smtp, outbox].filter((sender): sender is NonNullable<typeof sender> => sender !== null);
  return { sender: routeSenders(senders), outbox, close: () => smtp?.close() };
}
