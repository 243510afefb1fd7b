import { describe, expect, it } from 'vitest';
import { belowLevel } from './stop-out';

describe('belowLevel', () => {
  it.each([
    ['299.88', '1000.10', '-799.92', '0.5', false],
    ['299.88', '1000.10', '-799.94', '0.5', true],
    ['100', '0', '-50', '0.5', false],
    ['0', '100', '-20', '0.8', false],
    ['0', '100', '-20.01', '0.8', true],
  ] as const)('says balance %s, margin %s, floating %s at level %s is below: %s', (b, m, f, level, below) => {
    expect(belowLevel(b, m, f, level)).toBe(below);
  });
});
