import type { HTMLAttributes } from 'react';

/** Colour role of a badge: price direction, a delayed quote, or neutral. */
export type BadgeTone = 'up' | 'down' | 'flat' | 'stale';

/** A small coloured label (change percent, "Delayed"); extra attributes such as part or data-* pass through. */
export function Badge({ tone, className, ...rest }: { tone: BadgeTone } & HTMLAttributes<HTMLSpanElement>) {
  return <span {...rest} className={className ? `tk-badge ${className}` : 'tk-badge'} data-tone={tone} />;
}
