/** How a message travels. */
export type Channel = 'mail' | 'sms';

/**
 * Why a message is sent: the `type` of `sendMail` / `sendPhone` (spec §7), and '5' (ours, SEC6): an operator
 * turned the second factor off after checking the owner's identity.
 */
export type MessagePurpose = '1' | '2' | '4' | '5';

/** One message for one address; `code` is the one-time code it carries, if any. */
export interface OutgoingMessage {
  channel: Channel;
  /** Lower-cased email, or phone in E.164. */
  to: string;
  purpose: MessagePurpose;
  code: string | null;
  subject: string;
  text: string;
  /** Display name of the sender (the brand). */
  fromName: string;
}

/** A delivery channel for codes and notices: the dev outbox, SMTP, or an SMS gateway. */
export interface Sender {
  /** True when this sender can deliver on `channel` (else the caller answers 1033). */
  supports(channel: Channel): boolean;
  /** Delivers or throws; a throw means the message did not go out. */
  send(message: OutgoingMessage): Promise<void>;
}

/** Raised when no sender is configured for a channel. */
export class ChannelUnavailableError extends Error {
  override name = 'ChannelUnavailableError';
  constructor(readonly channel: Channel) {
    super(`no ${channel} sender is configured`);
  }
}
