/**
 * Whether the chart is narrow: measured on its own frame with a ResizeObserver, never the window, because a
 * partner page may give it a 480 px box on a wide screen (PP5). Below this width the toolbar keeps one row so
 * the price pane keeps its height; the engine's legends and the container queries switch at the same width.
 */
import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/** Chart width (px) under which the toolbar is compact (engine-styles COMPACT_WIDTH, chart.css 640px). */
export const COMPACT_CHART_WIDTH = 640;

/**
 * Whether `ref`'s element is narrower than COMPACT_CHART_WIDTH; follows its resizes and marks the element
 * `data-compact` while it is (a hook for the page's CSS and for tests).
 */
export function useCompact(ref: RefObject<HTMLElement | null>): boolean {
  const [compact, setCompact] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      // A phone-wide window already gets the phone's toolbar (the reference host's mobile chart keeps its
      // period buttons and screenshot): compact is for a narrow box on a wide page only.
      const next = width > 0 && width < COMPACT_CHART_WIDTH && window.innerWidth >= COMPACT_CHART_WIDTH;
      element.toggleAttribute('data-compact', next);
      setCompact(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return compact;
}
