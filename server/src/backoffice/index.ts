/**
 * The backoffice module's entry: what other modules use of it. Its other files are internal to it (lint rule
 * `layers/direction`); the app registers its plugin from `plugin.ts`.
 */
export { checkOperatorSession, cookieValue, noteOperatorActivity } from './sessions';
export { createReviewer, type ReviewDecision, type ReviewQueue, type Reviewer } from './review';
