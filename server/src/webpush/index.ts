/**
 * The Web Push module's entry (issue #25): what the composition root and tests use of it. Its other files are
 * internal to it (lint rule `layers/direction`); the app registers its plugin from `plugin.ts`.
 */
export { parsePushOrigins } from './endpoints';
export type { WebPushOptions } from './plugin';
