import { describe, expect, it } from 'vitest';
import { decimalsOf, parseInput, sanitizeNumeric, snapDown, snapNearest } from './market-order-input';

describe('sanitizeNumeric', () => {
  it.each([
    ['12', 2, '12'],
    ['1,5', 2, '1.5'],
    ['1.2.3', 2, '1.23'],
    ['1.239', 2, '1.23'],
    ['.5', 2, '0.5'],
    ['007', 2, '7'],
    ['00.50', 2, '0.50'],
    ['-3', 2, '3'],
    ['1e5', 2, '15'],
    ['abc', 2, ''],
    ['', 2, ''],
    ['1.', 2, '1.'],
    ['12.5', 0, '12'],
    ['1.234567', 5, '1.23456'],
    [' 2 ,0 ', 2, '2.0'],
  ])('turns %j with %i decimals into %j', (text, decimals, expected) => {
    expect(sanitizeNumeric(text, decimals)).toBe(expected);
  });
});

describe('parseInput', () => {
  it.each([
    ['', null],
    ['1.', '1'],
    ['0.', '0'],
    ['0.25', '0.25'],
  ])('reads %j as %j', (text, expected) => {
    expect(parseInput(text)).toBe(expected);
  });
});

describe('snapping to a step', () => {
  it.each([
    ['0.157', '0.01', '0.15'],
    ['7', '0.5', '7'],
    ['7.4', '0.5', '7'],
    ['0.05', '0.1', '0'],
  ])('snaps %s down to the step %s as %s', (value, step, expected) => {
    expect(snapDown(value, step)).toBe(expected);
  });

  it.each([
    ['1.082345', '0.00001', '1.08235'],
    ['1.082344', '0.00001', '1.08234'],
    ['98500.004', '0.01', '98500'],
  ])('snaps %s to the nearest step %s as %s', (value, step, expected) => {
    expect(snapNearest(value, step)).toBe(expected);
  });

  it.each([
    ['0.01', 2],
    ['1', 0],
    ['0.10', 1],
  ])('counts the decimals of the step %s as %i', (step, expected) => {
    expect(decimalsOf(step)).toBe(expected);
  });
});
