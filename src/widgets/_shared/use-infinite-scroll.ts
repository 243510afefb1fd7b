import { useEffect } from 'react';
import type { RefObject } from 'react';

/**
 * Calls `onReach` while the sentinel is in view. The observer is made again whenever `version` changes
 * (a page arrived or failed): a new observer reports the current state at once, so a short list that
 * leaves the sentinel visible keeps loading until the stop rules say no.
 */
export function useInfiniteScroll(
  sentinel: RefObject<Element | null>,
  onReach: () => void,
  enabled: boolean,
  version: unknown,
): void {
  useEffect(() => {
    const target = sentinel.current;
    if (!enabled || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onReach();
      },
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [sentinel, onReach, enabled, version]);
}
