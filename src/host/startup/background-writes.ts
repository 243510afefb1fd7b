/**
 * The host renders what the session's background writes wake (the user's info: the account's cards, the order
 * form's funds) as React transitions, in slices of a few milliseconds that yield to the browser, instead of one
 * task (EK58): on the order form that render was one of the longest tasks after the first paint.
 */
import { startTransition } from 'react';
import { setBackgroundWrites } from '../../core/state/background-writes';

export function renderBackgroundWritesInSlices(): void {
  setBackgroundWrites(startTransition);
}
