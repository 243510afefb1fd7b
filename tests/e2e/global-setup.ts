// Vitest global setup of the browser files that run two at a time and of the one that runs alone after them: one
// set of servers for all of them (platform-set.ts), with the RabbitMQ-mode twin and the tests' push service.
import { startPlatformSet } from './platform-set';
import { sharedSetup } from './shared-setup';

export default sharedSetup('platform', () => startPlatformSet({ rabbitmq: true, push: true }));
