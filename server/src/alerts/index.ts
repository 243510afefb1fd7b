/**
 * The alerts module's entry: what other modules use of it. Its other files are internal to it (lint rule
 * `layers/direction`); the app registers its plugin from `plugin.ts`.
 */
export type { AlertService, AlertCaller, AlertInput } from './service';
