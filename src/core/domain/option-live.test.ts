import { describe, expect, it } from 'vitest';
import { liveOptionState, standingTone } from './option-live';

describe('liveOptionState (issue #26 item 7, decisions O4 and AN4)', () => {
  it.each([
    [
      'up, bid above the entry',
      0,
      '100.00',
      '100.25',
      { standing: 'winning', live: '100.25', move: '+0.25' },
    ],
    ['up, bid below the entry', 0, '100.00', '99.5', { standing: 'losing', live: '99.5', move: '-0.5' }],
    ['up, the same price is even', 0, '100.00', '100', { standing: 'even', live: '100', move: '0' }],
    [
      'down, bid below the entry',
      1,
      '64000.5',
      '63999',
      { standing: 'winning', live: '63999', move: '-1.5' },
    ],
    [
      'down, bid above the entry',
      1,
      '1.08512',
      '1.08513',
      { standing: 'losing', live: '1.08513', move: '+0.00001' },
    ],
    ['down, the same price is even', 1, '1.2', '1.20000', { standing: 'even', live: '1.20000', move: '0' }],
    ['no quote yet', 0, '100', undefined, null],
    ['an empty quote', 1, '100', '', null],
    ['a malformed quote', 0, '100', 'NaN', null],
    ['a malformed entry', 0, 'abc', '100', null],
  ] as const)('%s', (_, orderType, entry, bid, expected) => {
    expect(liveOptionState(orderType, entry, bid)).toEqual(expected);
  });

  it('says nothing on a stale quote, even a winning one', () => {
    expect(liveOptionState(0, '100', '101', true)).toBeNull();
  });

  it.each([
    ['winning', 'up'],
    ['losing', 'down'],
    ['even', undefined],
  ] as const)('colours %s with %s', (standing, tone) => {
    expect(standingTone(standing)).toBe(tone);
  });
});
