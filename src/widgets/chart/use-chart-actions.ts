import { useCallback } from 'react';
import type { ChartEngine } from './chart-engine';
import type { ViewAction } from './chart-toolbar';
import type { KlinePeriod } from './chart.logic';

/** What the view actions need. */
export interface ChartActionsOptions {
  engine: ChartEngine | null;
  symbol: string;
  period: KlinePeriod;
  /** Background of the screenshot (JPEG has no transparency). */
  background: string;
  toggleFullscreen: () => Promise<boolean>;
  onFullscreenRefused: () => void;
  onTheme: () => void;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The file name of a screenshot, e.g. `EURUSD-5min-20250115-120000.jpg`, stamped in the device's time zone.
 * Written out rather than with the price formatting's `formatTime`, which loads after the chart's first paint.
 */
export function screenshotName(symbol: string, period: KlinePeriod, at: number): string {
  const d = new Date(at);
  const day = `${String(d.getFullYear()).padStart(4, '0')}${two(d.getMonth() + 1)}${two(d.getDate())}`;
  return `${symbol || 'chart'}-${period}-${day}-${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}.jpg`;
}

/** Save a data URL as a download. */
export function download(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.click();
}

/** The handler of the toolbar's view actions. */
export function useChartActions(options: ChartActionsOptions): (action: ViewAction) => void {
  const { engine, symbol, period, background, toggleFullscreen, onFullscreenRefused, onTheme } = options;
  return useCallback(
    (action: ViewAction) => {
      switch (action) {
        case 'zoom-in':
          return engine?.zoom('in');
        case 'zoom-out':
          return engine?.zoom('out');
        case 'shift-left':
          return engine?.shift('left');
        case 'shift-right':
          return engine?.shift('right');
        case 'screenshot':
          if (engine) download(engine.screenshot(background), screenshotName(symbol, period, Date.now()));
          return;
        case 'fullscreen':
          void toggleFullscreen().then((done) => done || onFullscreenRefused());
          return;
        case 'theme':
          return onTheme();
      }
    },
    [engine, symbol, period, background, toggleFullscreen, onFullscreenRefused, onTheme],
  );
}
