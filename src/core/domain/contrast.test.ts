import { describe, expect, it } from 'vitest';
import { contrastRatio, luminance, parseHex, readableAgainst } from './contrast';

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
});
