import { describe, expect, it } from 'vitest';
import {
  add,
  compare,
  div,
  fromScaledInt,
  isDecimal,
  isZero,
  mul,
  negate,
  normalize,
  sub,
  toFixed,
  toScaledInt,
} from './decimal';

describe('isDecimal', () => {
  it.each([
    ['1', true],
    ['-0.5', true],
    ['+3.25', true],
    ['.25', true],
    ['3.', true],
    ['', false],
    ['1e5', false],
    ['1,5', false],
    ['abc', false],
    ['1.2.3', false],
    ['-', false],
  ])('says %j is %s', (value, expected) => {
    expect(isDecimal(value)).toBe(expected);
  });
});

describe('normalize', () => {
  it.each([
    ['001.2300', '1.23'],
    ['-0.000', '0'],
    ['+5', '5'],
    ['.5', '0.5'],
    ['100', '100'],
    ['10.0', '10'],
  ])('writes %s as %s', (value, expected) => {
    expect(normalize(value)).toBe(expected);
  });
});

describe('add, sub and mul', () => {
  const ops = { add, sub, mul };
  it.each([
    ['add', '0.1', '0.2', '0.3'],
    ['add', '1.10', '2.205', '3.305'],
    ['add', '-5', '2.5', '-2.5'],
    ['sub', '1', '0.99', '0.01'],
    ['sub', '0.5', '0.75', '-0.25'],
    ['mul', '1.10', '2', '2.20'],
    ['mul', '-0.5', '0.5', '-0.25'],
    ['mul', '123456789.123456789', '1000', '123456789123.456789000'],
  ] as const)('%s(%s, %s) is %s', (op, a, b, expected) => {
    expect(ops[op](a, b)).toBe(expected);
  });
});

describe('div', () => {
  it.each([
    ['1', '3', 4, 'half-up', '0.3333'],
    ['2', '3', 4, 'half-up', '0.6667'],
    ['2', '3', 4, 'down', '0.6666'],
    ['-2', '3', 2, 'half-up', '-0.67'],
    ['-2', '3', 2, 'down', '-0.66'],
    ['1', '8', 2, 'half-up', '0.13'],
    ['-1', '8', 2, 'half-up', '-0.13'],
    ['10', '-4', 0, 'half-up', '-3'],
    ['0.5', '0.25', 1, 'half-up', '2.0'],
    ['1', '3', 2, 'up', '0.34'],
    ['-1', '3', 2, 'up', '-0.34'],
    ['0.0028', '20', 2, 'up', '0.01'],
    ['6', '3', 2, 'up', '2.00'],
  ] as const)('%s / %s at scale %i (%s) is %s', (a, b, scale, rounding, expected) => {
    expect(div(a, b, scale, rounding)).toBe(expected);
  });

  it('refuses to divide by zero', () => {
    expect(() => div('1', '0.00', 2)).toThrow(RangeError);
  });
});

describe('toFixed', () => {
  it.each([
    ['1.005', 2, 'half-up', '1.01'],
    ['1.004', 2, 'half-up', '1.00'],
    ['-1.005', 2, 'half-up', '-1.01'],
    ['1.999', 2, 'down', '1.99'],
    ['-1.999', 2, 'down', '-1.99'],
    ['7', 3, 'half-up', '7.000'],
    ['-0.004', 2, 'half-up', '0.00'],
    ['0.0000056', 2, 'up', '0.01'],
    ['1.010', 2, 'up', '1.01'],
    ['-1.001', 2, 'up', '-1.01'],
  ] as const)('rounds %s to %i digits (%s) as %s', (value, scale, rounding, expected) => {
    expect(toFixed(value, scale, rounding)).toBe(expected);
  });
});

describe('scaled integers', () => {
  it.each([
    [12345n, 2, '123.45'],
    [-5n, 3, '-0.005'],
    [0n, 2, '0.00'],
    [7n, 0, '7'],
  ])('fromScaledInt(%s, %i) is %s', (units, scale, expected) => {
    expect(fromScaledInt(units, scale)).toBe(expected);
  });

  it.each([
    ['123.45', 2, 12345n],
    ['1.2', 4, 12000n],
    ['0.125', 2, 13n],
    ['-0.125', 2, -13n],
  ])('toScaledInt(%s, %i) is %s', (value, scale, expected) => {
    expect(toScaledInt(value, scale)).toBe(expected);
  });
});

describe('compare, isZero and negate', () => {
  it.each([
    ['1.0', '1', 0],
    ['0.1', '0.09', 1],
    ['-2', '1', -1],
  ])('compare(%s, %s) is %i', (a, b, expected) => {
    expect(compare(a, b)).toBe(expected);
  });

  it('recognises zero whatever its scale or sign', () => {
    expect(isZero('-0.000')).toBe(true);
    expect(isZero('0.001')).toBe(false);
  });

  it('negates without producing a negative zero', () => {
    expect(negate('1.50')).toBe('-1.50');
    expect(negate('0')).toBe('0');
  });
});
