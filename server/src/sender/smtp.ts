import nodemailer from 'nodemailer';
import type { OutgoingMessage, Sender } from './types';

/** Options of the SMTP sender. */
export interface SmtpSenderOptions {
  /** `smtp://user:pass@host:587` or `smtps://…:465` (env SMTP_URL). */
  url: string;
  /** Envelope address of every mail (env SMTP_FROM); the display name is the brand's. */
  from: string;
}

/** Mails through SMTP with nodemailer (pooled connections); it cannot send SMS. */
export function createSmtpSender(options: SmtpSenderOptions): Sender & { close(): void } {
  const transport = nodemailer.createTransport(options.url);
  return {
    supports: (channel) => channel === 'mail',
    async send(message: OutgoingMessage) {
      if (message.channel !== 'mail') throw new Error('the SMTP sender only sends mail');
      await transport.sendMail({
        from: { name: message.fromName, address: options.from },
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
    close: () => transport.close(),
  };
}
