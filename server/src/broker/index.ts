/**
 * The broker module's entry: what other modules use of it. Its other files are internal to it (lint rule
 * `layers/direction`); the app registers its plugin from `plugin.ts`.
 */
export type { Broker, BrokerLink, BrokerStats, SnapshotProvider } from './types';
export type { RabbitmqBrokerOptions } from './rabbitmq/plugin';

/** The `broker` plugin of RabbitMQ mode (RQ1), loaded only when the app is configured for it. */
export const loadRabbitmqBrokerPlugin = async () => (await import('./rabbitmq/plugin')).default;
