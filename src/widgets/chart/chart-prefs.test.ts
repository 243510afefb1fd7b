import { describe, expect, it } from 'vitest';
import {
  MAX_DRAWINGS,
  defaultPrefs,
  loadPrefs,
  parseDrawing,
  parsePrefs,
  prefsKey,
  savePrefs,
  serializePrefs,
} from './chart-prefs';
import type { ChartPrefs, Drawing } from './chart-prefs';

const T = Date.UTC(2025, 0, 15, 12);

/** An in-memory Storage; `full` makes setItem throw like a full quota. */
function memoryStorage(full = false): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => {
      if (full) throw new DOMException('quota', 'QuotaExceededError');
      items.set(key, value);
    },
  };
}

const line: Drawing = {
  name: 'segment',
  points: [
    { timestamp: T, value: 1.08 },
    { timestamp: T + 60_000, value: 1.09 },
  ],
  styles: null,
};

const prefs: ChartPrefs = {
  period: '15min',
  candleType: 'area',
  indicators: { main: ['MA', 'BOLL'], sub: ['MACD'] },
  drawings: [
    line,
    { name: 'priceLine', points: [{ timestamp: T, value: 1.1 }], styles: { line: { color: '#f00' } } },
  ],
};

describe('chart prefs', () => {
  it('uses a versioned key per symbol', () => {
    expect(prefsKey('EURUSD')).toBe('tk-chart:v1:EURUSD');
  });

  it('reads back what it wrote', () => {
    expect(parsePrefs(serializePrefs(prefs))).toEqual(prefs);
  });

  it.each([
    ['nothing stored', null],
    ['text that is not JSON', '{"v":1,'],
    ['another version', JSON.stringify({ v: 2, period: '1h' })],
    ['a list', '[1,2]'],
  ])('falls back to the defaults for %s', (_, text) => {
    expect(parsePrefs(text)).toEqual(defaultPrefs());
  });

  it('replaces each invalid field by its default and keeps the valid ones', () => {
    const parsed = parsePrefs(
      JSON.stringify({ v: 1, period: '2min', candleType: 'ohlc', indicators: 'MA', drawings: {} }),
    );
    expect(parsed).toEqual({ ...defaultPrefs(), candleType: 'ohlc' });
  });

  it('drops unknown and duplicate indicators and keeps at most three per area', () => {
    const parsed = parsePrefs(
      JSON.stringify({
        v: 1,
        indicators: { main: ['MA', 'MA', 'VOL', 'EMA', 'SMA', 'BBI'], sub: ['XYZ', 'RSI'] },
      }),
    );
    expect(parsed.indicators).toEqual({ main: ['MA', 'EMA', 'SMA'], sub: ['RSI'] });
  });

  it.each([
    ['an unknown tool', { ...line, name: 'brush' }],
    ['no points', { ...line, points: [] }],
    ['too many points', { ...line, points: [...line.points, ...line.points] }],
    ['a point without a price', { ...line, points: [{ timestamp: T }] }],
    ['a time that is not a number', { ...line, points: [{ timestamp: 'now', value: 1 }] }],
  ])('skips a drawing with %s', (_, drawing) => {
    expect(parseDrawing(drawing)).toBeNull();
  });

  it('keeps drawing styles only when they are a small object', () => {
    expect(parseDrawing({ ...line, styles: 'red' })?.styles).toBeNull();
    expect(parseDrawing({ ...line, styles: { text: 'x'.repeat(5_000) } })?.styles).toBeNull();
  });

  it('keeps the newest drawings when there are too many', () => {
    const many = Array.from({ length: MAX_DRAWINGS + 5 }, (_, i) => ({
      ...line,
      points: [{ timestamp: T + i, value: 1 }],
    }));
    const parsed = parsePrefs(serializePrefs({ ...prefs, drawings: many }));
    expect(parsed.drawings).toHaveLength(MAX_DRAWINGS);
    expect(parsed.drawings[0]?.points[0]?.timestamp).toBe(T + 5);
  });

  it('persists per symbol across a reload of the storage', () => {
    const storage = memoryStorage();
    expect(savePrefs('EURUSD', prefs, storage)).toBe(true);
    expect(loadPrefs('EURUSD', storage)).toEqual(prefs);
    expect(loadPrefs('GBPUSD', storage)).toEqual(defaultPrefs());
  });

  it('reports a full or missing storage instead of throwing', () => {
    expect(savePrefs('EURUSD', prefs, memoryStorage(true))).toBe(false);
    expect(savePrefs('EURUSD', prefs, null)).toBe(false);
    expect(loadPrefs('EURUSD', null)).toEqual(defaultPrefs());
  });
});
