import { describe, expect, it } from 'vitest';
import { markedSession, sessionMark } from './session-mark';

const KEY = Buffer.alloc(32, 1);
const SID = '0123456789abcdef0123456789abcdef';
const OTHER_SID = 'fedcba9876543210fedcba9876543210';

describe('session mark', () => {
  it('names the session it was made for, under the key it was made with', () => {
    expect(markedSession(KEY, sessionMark(KEY, SID))).toBe(SID);
  });

  it.each<[string, string | null]>([
    ['no cookie', null],
    ['another key', sessionMark(Buffer.alloc(32, 2), SID)],
    ['another session under the same MAC', `${OTHER_SID}.${sessionMark(KEY, SID).split('.')[1]}`],
    ['a bare session id', SID],
    ['an upper-case session id', sessionMark(KEY, SID.toUpperCase())],
    ['a truncated MAC', sessionMark(KEY, SID).slice(0, -1)],
    ['trailing data', `${sessionMark(KEY, SID)}.x`],
  ])('names no session for %s', (_, mark) => {
    expect(markedSession(KEY, mark)).toBeNull();
  });
});
