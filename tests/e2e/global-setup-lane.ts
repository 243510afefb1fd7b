// Vitest global setup of the lane (lane.e2e.ts, TR60): a set of servers of its own, whose prices, brands, queues
// and clock its files may change without another browser file seeing it. None of its files uses RabbitMQ mode or
// Web Push, so the set has neither.
import { startPlatformSet } from './platform-set';
import { sharedSetup } from './shared-setup';

export default sharedSetup('platform-lane', () => startPlatformSet({ rabbitmq: false, push: false }));
