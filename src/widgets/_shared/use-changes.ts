import { useState } from 'react';

/**
 * How many times `value` changed from one known value to another (`known` says which are). A value's first
 * known value — an answer arriving, a first quote — is no change, nor is a value becoming unknown: an effect that
 * lists the count asks again only when what it knew moved (EK67).
 */
export function useChanges<T>(value: T, known: (value: T) => boolean): number {
  const [seen, setSeen] = useState({ value, count: 0 });
  if (!Object.is(seen.value, value)) {
    const moved = known(seen.value) && known(value);
    setSeen({ value, count: moved ? seen.count + 1 : seen.count });
  }
  return seen.count;
}
