import { describe, expect, it } from 'vitest';
import { isSignedIn } from './session-probe';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === 'token' ? value : null) });

describe('isSignedIn', () => {
  it('counts a stored token as a session', () => {
    expect(isSignedIn(storage('abc'))).toBe(true);
  });

  it.each([null, ''])('treats %j as signed out', (value) => {
    expect(isSignedIn(storage(value))).toBe(false);
  });

  it('treats unreadable storage as signed out', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(isSignedIn(blocked)).toBe(false);
  });
});
