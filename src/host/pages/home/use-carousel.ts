/** Carousel state: current slide, looping steps, autoplay that pauses while hovered/focused or reduced motion. */
import { useCallback, useEffect, useState } from 'react';

/** True when the visitor asked the system for reduced motion (follows changes). */
export function usePrefersReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const get = () => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches;
  const [reduced, setReduced] = useState(get);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const onChange = () => setReduced(list.matches);
    list.addEventListener?.('change', onChange);
    return () => list.removeEventListener?.('change', onChange);
  }, []);
  return reduced;
}

export interface Carousel {
  index: number;
  go: (index: number) => void;
  next: () => void;
  prev: () => void;
  /** Hover/focus holds: autoplay runs only while none is held. */
  hold: (reason: 'hover' | 'focus', on: boolean) => void;
  playing: boolean;
}

/** Carousel over `count` slides with autoplay every `intervalMs` (restarting after any change). */
export function useCarousel(count: number, intervalMs: number): Carousel {
  const [index, setIndex] = useState(0);
  const [holds, setHolds] = useState({ hover: false, focus: false });
  const reducedMotion = usePrefersReducedMotion();
  const wrap = useCallback((i: number) => (count > 0 ? ((i % count) + count) % count : 0), [count]);
  const go = useCallback((i: number) => setIndex(wrap(i)), [wrap]);
  const next = useCallback(() => setIndex((i) => wrap(i + 1)), [wrap]);
  const prev = useCallback(() => setIndex((i) => wrap(i - 1)), [wrap]);
  const hold = useCallback(
    (reason: 'hover' | 'focus', on: boolean) =>
      setHolds((h) => (h[reason] === on ? h : { ...h, [reason]: on })),
    [],
  );
  const playing = count > 1 && !reducedMotion && !holds.hover && !holds.focus;

  useEffect(() => {
    if (!playing) return;
    // A timeout per slide (not an interval) so a manual step gives the new slide its full time.
    const timer = setTimeout(next, intervalMs);
    return () => clearTimeout(timer);
  }, [playing, index, intervalMs, next]);

  useEffect(() => {
    if (index >= count && count > 0) setIndex(0);
  }, [index, count]);

  return { index: wrap(index), go, next, prev, hold, playing };
}
