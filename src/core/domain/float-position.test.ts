import { describe, expect, it } from 'vitest';
import {
  clampFloat,
  defaultFloat,
  FLOAT_BIG_STEP,
  FLOAT_STEP,
  isDrag,
  movedByKey,
  parseFloatPosition,
  type Point,
} from './float-position';

const BUTTON = { width: 56, height: 56 };
const WINDOW = { width: 1440, height: 900 };

describe('clampFloat', () => {
  it.each<[string, Point, { width: number; height: number }, Point]>([
    ['inside stays', { x: 300, y: 200 }, WINDOW, { x: 300, y: 200 }],
    ['past the left and top edges', { x: -40, y: -5 }, WINDOW, { x: 8, y: 8 }],
    ['past the right and bottom edges', { x: 1430, y: 899 }, WINDOW, { x: 1376, y: 836 }],
    ['exactly at the far corner', { x: 1376, y: 836 }, WINDOW, { x: 1376, y: 836 }],
    [
      'a place from a larger window after a resize',
      { x: 1800, y: 1000 },
      { width: 1024, height: 700 },
      { x: 960, y: 636 },
    ],
    [
      'a window narrower than the button: the start edge',
      { x: 30, y: 30 },
      { width: 50, height: 50 },
      { x: 8, y: 8 },
    ],
    ['fractions round to pixels', { x: 100.6, y: 99.4 }, WINDOW, { x: 101, y: 99 }],
    [
      'not a number: the far edge',
      { x: Number.NaN, y: Number.POSITIVE_INFINITY },
      WINDOW,
      { x: 1376, y: 836 },
    ],
  ])('%s', (_title, point, viewport, expected) => {
    expect(clampFloat(point, BUTTON, viewport)).toEqual(expected);
  });
});

describe('defaultFloat', () => {
  it.each([
    [WINDOW, { x: 1360, y: 788 }],
    [
      { width: 100, height: 100 },
      { x: 20, y: 8 },
    ],
  ])('in %o → %o', (viewport, expected) => {
    expect(defaultFloat(BUTTON, viewport)).toEqual(expected);
  });
});

describe('parseFloatPosition', () => {
  it.each<[string | null, Point | null]>([
    ['{"x":10,"y":20}', { x: 10, y: 20 }],
    ['{"x":-3.5,"y":0}', { x: -3.5, y: 0 }],
    [null, null],
    ['', null],
    ['not json', null],
    ['[1,2]', null],
    ['{"x":"10","y":20}', null],
    ['{"x":10}', null],
    ['null', null],
  ])('%s → %o', (stored, expected) => {
    expect(parseFloatPosition(stored)).toEqual(expected);
  });
});

describe('movedByKey', () => {
  const at = { x: 100, y: 100 };
  it.each<[string, boolean, Point | null]>([
    ['ArrowLeft', false, { x: 100 - FLOAT_STEP, y: 100 }],
    ['ArrowRight', false, { x: 100 + FLOAT_STEP, y: 100 }],
    ['ArrowUp', false, { x: 100, y: 100 - FLOAT_STEP }],
    ['ArrowDown', true, { x: 100, y: 100 + FLOAT_BIG_STEP }],
    ['Enter', false, null],
    ['a', true, null],
  ])('%s (shift %s)', (key, shift, expected) => {
    expect(movedByKey(at, key, shift)).toEqual(expected);
  });
});

describe('isDrag', () => {
  it.each<[Point, boolean]>([
    [{ x: 0, y: 0 }, false],
    [{ x: 4, y: -4 }, false],
    [{ x: 5, y: 0 }, true],
    [{ x: 0, y: -9 }, true],
  ])('to %o → %s', (to, expected) => {
    expect(isDrag({ x: 0, y: 0 }, to)).toBe(expected);
  });
});
