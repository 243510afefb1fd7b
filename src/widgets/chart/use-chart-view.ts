/** Small view hooks of <tk-chart>: full screen and the resolved theme colours. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { Appearance } from './engine-styles';

/** Whether `target()` is the full-screen element, and a toggle (Fullscreen API); false when refused. */
export function useFullscreen(target: () => HTMLElement | null): [boolean, () => Promise<boolean>] {
  const [full, setFull] = useState(false);
  const targetRef = useRef(target);
  targetRef.current = target;
  useEffect(() => {
    const onChange = () =>
      setFull(!!document.fullscreenElement && document.fullscreenElement === targetRef.current());
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = useCallback(async () => {
    const el = targetRef.current();
    try {
      if (el && document.fullscreenElement === el) await document.exitFullscreen();
      else if (el?.requestFullscreen) await el.requestFullscreen();
      else return false;
      return true;
    } catch {
      return false;
    }
  }, []);
  return [full, toggle];
}

const TOKENS: Record<Exclude<keyof Appearance, 'theme' | 'font'>, [string, string]> = {
  up: ['--_chart-up', '#2962ff'],
  down: ['--_chart-down', '#e53935'],
  text: ['--_chart-text', '#131722'],
  muted: ['--_chart-muted', '#6b7280'],
  border: ['--_chart-border', '#e5e7eb'],
  surface: ['--_chart-surface', '#ffffff'],
  accent: ['--_chart-accent', '#2962ff'],
};

/**
 * The colours the canvas must use, read from the widget's resolved `--tk-*` tokens (chart.css maps them
 * to `--_chart-*`). Read again when `deps` change and when any widget or the host announces a colour or
 * theme change on the page (the host may apply it page-wide after the event).
 */
export function useAppearance(
  root: RefObject<HTMLElement | null>,
  theme: 'light' | 'dark',
  deps: readonly unknown[],
) {
  const [appearance, setAppearance] = useState<Appearance | null>(null);
  useEffect(() => {
    const read = () => {
      const el = root.current;
      if (!el) return;
      const style = getComputedStyle(el);
      const next = { theme } as Appearance;
      for (const [key, [name, fallback]] of Object.entries(TOKENS))
        next[key as keyof typeof TOKENS] = style.getPropertyValue(name).trim() || fallback;
      if (style.fontFamily) next.font = style.fontFamily;
      setAppearance((prev) => (prev && JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
    };
    // Read after the frame's own style and layout, where it costs nothing: read in the commit, it made the
    // browser lay the page out there (the widget is a size container), 10–16 ms inside React's task (EK68).
    // An element that is not rendered is read once it is; without ResizeObserver, at once.
    const el = root.current;
    let first: ResizeObserver | undefined;
    if (el && typeof ResizeObserver === 'function') {
      first = new ResizeObserver(() => {
        first?.disconnect();
        read();
      });
      first.observe(el);
    } else read();
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(read);
    };
    document.addEventListener('tk-color-scheme-change', later);
    document.addEventListener('tk-theme-change', later);
    return () => {
      first?.disconnect();
      cancelAnimationFrame(frame);
      document.removeEventListener('tk-color-scheme-change', later);
      document.removeEventListener('tk-theme-change', later);
    };
  }, [root, theme, ...deps]);
  return appearance;
}
