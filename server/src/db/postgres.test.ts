import { describe, expect, it } from 'vitest';
import { statementName } from './postgres';

describe('statementName', () => {
  it('names one text the same way every time and two texts differently', () => {
    const a = statementName('select $1::int as a');
    expect(a).toMatch(/^tk_[0-9a-f]{20}$/);
    expect(statementName('select $1::int as a')).toBe(a);
    expect(statementName('select $1::int as b')).not.toBe(a);
  });
});
