/**
 * An entry of a back-office list (`role="listbox"`: queue items, lookup hits, brands): selected by a click, Enter
 * or Space, and one Tab stop each.
 */
import type { HTMLAttributes, KeyboardEvent } from 'react';

/** The attributes of an entry that is `selected` or not and calls `select` when chosen. */
export function listOption(selected: boolean, select: () => void): HTMLAttributes<HTMLLIElement> {
  return {
    role: 'option',
    'aria-selected': selected,
    tabIndex: 0,
    className: 'bo-list__item',
    onClick: select,
    onKeyDown: (event: KeyboardEvent<HTMLLIElement>) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      select();
    },
  };
}
