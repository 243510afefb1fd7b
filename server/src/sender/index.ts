/**
 * The sender module's entry: what other modules use of it. Its other files are internal to it (lint rule
 * `layers/direction`); the app registers its plugin from `plugin.ts`.
 */
export type { Channel, MessagePurpose, OutgoingMessage, Sender } from './types';
export { createSenders } from './create-sender';
export { createDevOutbox } from './dev-outbox';
export type { DevOutbox, DevOutboxOptions } from './dev-outbox';
export { outboxRoute } from './outbox-route';
