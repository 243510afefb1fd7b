import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  luminance,
  MIN_TEXT_CONTRAST,
  parseHex,
  readableAgainst,
  readablePair,
  THEME_BACKDROPS,
} from './contrast';

describe('contrast', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#fff', '#fff', 1],
    ['#767676', '#ffffff', 4.54],
    ['#2962ff', '#ffffff', 4.9],
  ])('%s on %s has ratio %d', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 2);
  });

  it('parses short and long hex and refuses the rest', () => {
    expect(parseHex('#0af')).toEqual([0, 170, 255]);
    expect(parseHex('#00AAFF')).toEqual([0, 170, 255]);
    expect(parseHex('blue')).toBeNull();
    expect(() => luminance('rgb(0,0,0)')).toThrow();
  });

  it.each([
    ['#e53935', '#ffffff'],
    ['#16a34a', '#ffffff'],
    ['#2962ff', '#131722'],
    ['#dc2626', '#131722'],
  ])('readableAgainst makes %s reach 4.5:1 against %s, staying close', (colour, other) => {
    const fixed = readableAgainst(colour, other);
    expect(fixed).not.toBe(colour);
    expect(contrastRatio(fixed, other)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(fixed, colour)).toBeLessThan(1.6);
  });

  it('keeps a colour that already reads, and one it cannot parse', () => {
    expect(readableAgainst('#2962ff', '#ffffff')).toBe('#2962ff');
    expect(readableAgainst('var(--x)', '#ffffff')).toBe('var(--x)');
  });

  it('makes an up/down pair readable on each theme, keeping what already reads', () => {
    const brand = { up: '#2962ff', down: '#d32f2f' };
    expect(readablePair(brand, 'light')).toEqual(brand);
    const dark = readablePair(brand, 'dark');
    expect(contrastRatio(dark.up, THEME_BACKDROPS.dark)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(dark.down, THEME_BACKDROPS.dark)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    // Lightened, not replaced: still closer to the brand's blue than to white.
    expect(contrastRatio(dark.up, brand.up)).toBeLessThan(contrastRatio(dark.up, '#ffffff'));
    // A light green made for dark pages is darkened on light ones.
    const green = readablePair({ up: '#26a69a', down: '#ef5350' }, 'light');
    expect(contrastRatio(green.up, THEME_BACKDROPS.light)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});
