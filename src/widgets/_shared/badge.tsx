import type { HTMLAttributes } from 'react';
import badgeCss from './badge.css?inline';
import { usePartCss } from './widget-host';

/** Colour role of a badge: price direction, a delayed quote, or neutral. */
export type BadgeTone = 'up' | 'down' | 'flat' | 'stale';

/**
 * A small coloured label (change percent, "Delayed"); extra attributes such as part or data-* pass through.
 * Its CSS comes with it (no first paint of tk-quotes or tk-chart shows a badge). Without `tone` React draws no
 * `data-tone`: a quote row writes it on each tick (live-cells.ts).
 */
export function Badge({ tone, className, ...rest }: { tone?: BadgeTone } & HTMLAttributes<HTMLSpanElement>) {
  usePartCss('badge', badgeCss);
  return <span {...rest} className={className ? `tk-badge ${className}` : 'tk-badge'} data-tone={tone} />;
}
