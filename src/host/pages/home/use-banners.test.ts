import { describe, expect, it } from 'vitest';
import { bannerLimit, pickBanners } from './use-banners';

describe('bannerLimit', () => {
  it.each([
    [undefined, 1],
    [null, 1],
    [3, 3],
    [10, 10],
    [0, 0],
    [-2, 1],
    [1.5, 1],
  ])('gives %s → %s', (count, limit) => {
    expect(bannerLimit(count)).toBe(limit);
  });
});

describe('pickBanners', () => {
  it('keeps valid banners in order up to the limit', () => {
    const data = [
      { bannerUrl: 'a' },
      { bannerUrl: '' },
      { nope: 1 },
      null,
      { bannerUrl: 'b', linkUrl: '/x' },
      { bannerUrl: 'c' },
    ];
    expect(pickBanners(data, 2)).toEqual([{ bannerUrl: 'a' }, { bannerUrl: 'b', linkUrl: '/x' }]);
  });

  it('gives no banners for an answer that is not a list', () => {
    expect(pickBanners({ list: [] }, 3)).toEqual([]);
  });
});
