/**
 * Priority+ collapsing of the desktop top bar: how many groups of items move into the bar's More menu so
 * that the rest fits on one row. Measured, not guessed per breakpoint: the words of twelve languages, the
 * brand's logo and the signed-in block all change what fits.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Watches the bar's width and font loading; `key` names whatever else changes the items' widths. */
export function useCollapseLevel(bar: RefObject<HTMLElement | null>, max: number, key: string): number {
  const [level, setLevel] = useState(0);
  const [width, setWidth] = useState(0);
  const [fonts, setFonts] = useState(0);
  const measured = useRef('');

  useEffect(() => {
    const el = bar.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [bar]);

  useEffect(() => {
    const faces = typeof document === 'undefined' ? undefined : document.fonts;
    const onLoaded = () => setFonts((n) => n + 1);
    faces?.addEventListener?.('loadingdone', onLoaded);
    return () => faces?.removeEventListener?.('loadingdone', onLoaded);
  }, []);

  // Before paint: start over from everything inline when the inputs change, then collapse one group per
  // render until the row fits (at most `max` extra renders, none of them painted).
  useLayoutEffect(() => {
    const el = bar.current;
    if (!el) return;
    const inputs = `${width}|${fonts}|${key}`;
    if (inputs !== measured.current) {
      measured.current = inputs;
      if (level !== 0) {
        setLevel(0);
        return;
      }
    }
    if (level < max && el.scrollWidth > el.clientWidth + 1) setLevel(level + 1);
  });

  return level;
}
