import { describe, expect, it } from 'vitest';
import {
  MAIN_PANE_MIN_HEIGHT,
  SUB_PANE_LAYOUT,
  SUB_PANE_MIN_HEIGHT,
  chartStyles,
  subPaneHeadroom,
  subPaneHeights,
  withAlpha,
} from './engine-styles';
import type { Appearance } from './engine-styles';

const LIGHT: Appearance = {
  theme: 'light',
  up: '#16a34a',
  down: '#dc2626',
  text: '#131722',
  muted: '#6b7280',
  border: '#e5e7eb',
  surface: '#ffffff',
  accent: '#2962ff',
};

describe('engine styles', () => {
  it.each([
    ['#2962ff', 0.5, 'rgba(41, 98, 255, 0.5)'],
    ['#fff', 0.1, 'rgba(255, 255, 255, 0.1)'],
    ['rgb(1, 2, 3)', 0.2, 'rgba(1, 2, 3, 0.2)'],
    ['rgb(1 2 3)', 0.2, 'rgba(1, 2, 3, 0.2)'],
    ['oklch(0.7 0.1 200)', 0.2, 'oklch(0.7 0.1 200)'],
  ])('gives %s alpha %s as %s', (color, alpha, expected) => {
    expect(withAlpha(color, alpha)).toBe(expected);
  });

  it('draws canvas text in the widget font when it has one, else leaves klinecharts its own', () => {
    const styles = chartStyles({ ...LIGHT, font: 'Inter, sans-serif' }, 'candle_solid');
    expect(styles.xAxis?.tickText?.family).toBe('Inter, sans-serif');
    expect(styles.yAxis?.tickText?.family).toBe('Inter, sans-serif');
    expect(styles.candle?.tooltip?.legend?.family).toBe('Inter, sans-serif');
    expect(styles.candle?.priceMark?.high?.textFamily).toBe('Inter, sans-serif');
    expect(styles.crosshair?.horizontal?.text?.family).toBe('Inter, sans-serif');
    expect(chartStyles(LIGHT, 'candle_solid').xAxis?.tickText).not.toHaveProperty('family');
  });

  it('colours candles, last price and volume bars with the up/down pair', () => {
    const styles = chartStyles(LIGHT, 'candle_stroke');
    expect(styles.candle?.type).toBe('candle_stroke');
    expect(styles.candle?.bar).toMatchObject({
      upColor: '#16a34a',
      downColor: '#dc2626',
      upWickColor: '#16a34a',
    });
    expect(styles.candle?.priceMark?.last).toMatchObject({ upColor: '#16a34a', downColor: '#dc2626' });
    expect(styles.indicator?.bars?.[0]).toMatchObject({
      upColor: 'rgba(22, 163, 74, 0.7)',
      downColor: 'rgba(220, 38, 38, 0.7)',
    });
  });

  it('keeps the legends off a narrow chart until the crosshair is on it', () => {
    expect(chartStyles(LIGHT, 'area').candle?.tooltip?.showRule).toBe('always');
    const compact = chartStyles(LIGHT, 'area', true);
    expect(compact.candle?.tooltip?.showRule).toBe('follow_cross');
    expect(compact.indicator?.tooltip?.showRule).toBe('follow_cross');
  });

  it('draws axes and separators in the widget colours and hides the tooltip title', () => {
    const styles = chartStyles(LIGHT, 'area');
    expect(styles.yAxis?.tickText?.color).toBe('#6b7280');
    expect(styles.separator?.color).toBe('#e5e7eb');
    expect(styles.candle?.area?.lineColor).toBe('#2962ff');
    expect(styles.candle?.tooltip?.title?.show).toBe(false);
  });
});

/** One legend row of klinecharts' indicator tooltip: 12 px text, 4 px above and below. */
const LEGEND_ROW = 20;

describe('the indicator sub-pane layout', () => {
  it('keeps two legend rows clear of the bars at its height and one at its minimum height', () => {
    expect(subPaneHeadroom(SUB_PANE_LAYOUT.height, SUB_PANE_LAYOUT.gap)).toBeGreaterThanOrEqual(
      2 * LEGEND_ROW,
    );
    expect(subPaneHeadroom(SUB_PANE_LAYOUT.minHeight, SUB_PANE_LAYOUT.gap)).toBeGreaterThanOrEqual(
      LEGEND_ROW,
    );
  });

  it('leaves more headroom than the library default, which let tall volume bars run over the legend', () => {
    const libraryDefault = subPaneHeadroom(100, { top: 0.2, bottom: 0.1 });
    expect(libraryDefault).toBeLessThan(LEGEND_ROW);
    expect(subPaneHeadroom(SUB_PANE_LAYOUT.height, SUB_PANE_LAYOUT.gap)).toBeGreaterThan(2 * libraryDefault);
  });
});

describe('subPaneHeights (issue #26 items 9 and 15: the price pane keeps 160 px, the sub panes give way)', () => {
  it.each([
    [900, 1, [120]],
    [900, 3, [120, 120, 120]],
    [420, 1, [120]],
    // A phone's chart with three sub-indicators: 420 − 28 − 160 − 3 = 229 px for three panes.
    [420, 3, [76, 76, 76]],
    [320, 3, [43, 43, 43]],
    // A partner's 480 px box: 238 px of chart on a wide page, 200 px on a phone or in a 360 px box.
    [238, 1, [49]],
    [200, 1, [0]],
    // Two of three fit at 40 px: the last one is hidden.
    [300, 3, [54, 54, 0]],
    [250, 3, [59, 0, 0]],
    [0, 3, [SUB_PANE_LAYOUT.height, SUB_PANE_LAYOUT.height, SUB_PANE_LAYOUT.height]],
    [500, 0, []],
  ])('a chart %i px tall with %i sub panes gives them %j px', (height, count, expected) => {
    expect(subPaneHeights(height, count)).toEqual(expected);
  });

  it('leaves the price pane its least height in any chart, hiding the sub panes that cannot keep theirs', () => {
    for (let height = 120; height <= 1_200; height += 7) {
      for (const count of [1, 2, 3, 4]) {
        const heights = subPaneHeights(height, count);
        const shown = heights.filter((h) => h > 0);
        const price = height - 28 - count - shown.reduce((sum, h) => sum + h, 0);
        const fits = height - 28 - count >= MAIN_PANE_MIN_HEIGHT;
        expect({ height, count, price: !fits || price >= MAIN_PANE_MIN_HEIGHT }).toEqual({
          height,
          count,
          price: true,
        });
        expect(shown.every((h) => h >= SUB_PANE_MIN_HEIGHT && h <= SUB_PANE_LAYOUT.height)).toBe(true);
        // Hidden panes are the last ones, and a pane is hidden only when one more would not fit.
        expect(heights.indexOf(0) === -1 || heights.slice(heights.indexOf(0)).every((h) => h === 0)).toBe(
          true,
        );
        const room = height - 28 - count - MAIN_PANE_MIN_HEIGHT;
        if (shown.length < count) expect(room).toBeLessThan((shown.length + 1) * SUB_PANE_MIN_HEIGHT);
      }
    }
  });
});
