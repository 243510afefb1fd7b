/**
 * A `role="radiogroup"` of buttons as one Tab stop (WAI-ARIA APG radio group): the
 * checked radio takes the Tab stop (the first while none is checked); the arrow keys check the next or the
 * previous one, round the ends, and move the focus to it. The group's radios are its values, in order.
 */
import type { KeyboardEvent } from 'react';

const STEPS: Readonly<Record<string, number>> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** The tab index of each radio and the group's key handler. */
export function radioKeys<T>(
  values: readonly T[],
  checked: T,
  choose: (value: T) => void,
): { tabIndexOf: (value: T) => 0 | -1; onKeyDown: (event: KeyboardEvent<HTMLElement>) => void } {
  const at = values.indexOf(checked);
  return {
    tabIndexOf: (value) => (values.indexOf(value) === Math.max(at, 0) ? 0 : -1),
    onKeyDown(event) {
      const step = STEPS[event.key];
      if (step === undefined || values.length === 0) return;
      event.preventDefault();
      const next = (Math.max(at, 0) + step + values.length) % values.length;
      choose(values[next] as T);
      event.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus();
    },
  };
}
