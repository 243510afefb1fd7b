import { describe, expect, it } from 'vitest';
import { CLIENT_VERSION, checkVersion, normalizeVersion } from './version';

describe('checkVersion', () => {
  it('is version 1.152 as the spec says', () => {
    expect(CLIENT_VERSION).toBe('1.152');
  });

  it.each([
    ['1.152', true],
    ['1.152.0', true],
    ['v1.152', true],
    ['1.153', false],
    ['1.15', false],
    ['2.152', false],
  ])('accepts a config for version %s: %s', (version, expected) => {
    expect(checkVersion({ version })).toBe(expected);
  });

  it('normalizes leading v and trailing zero segments only', () => {
    expect(normalizeVersion(' V1.100.0.0 ')).toBe('1.100');
    expect(normalizeVersion('0')).toBe('0');
  });
});
