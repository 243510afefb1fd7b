import { describe, expect, it } from 'vitest';
import type { FeedState } from '../../core/runtime/types';
import { bannerKind } from './connection-banner';

const state = (patch: Partial<FeedState>): FeedState => ({
  status: 'open',
  attempt: 0,
  connectionLost: false,
  lastMessageAt: 1,
  ...patch,
});

describe('bannerKind', () => {
  it.each<[Partial<FeedState>, ReturnType<typeof bannerKind>]>([
    [{}, null],
    [{ status: 'connecting', connectionLost: true, lastMessageAt: null }, null],
    [{ status: 'idle', lastMessageAt: null }, null],
    [{ status: 'reconnecting', attempt: 3, connectionLost: true }, 'reconnecting'],
    [{ status: 'open', connectionLost: true }, 'lost'],
    [{ status: 'failed', connectionLost: true }, 'failed'],
  ])('for %j is %s', (patch, expected) => {
    expect(bannerKind(state(patch))).toBe(expected);
  });
});
