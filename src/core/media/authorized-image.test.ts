import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearImageCache, isPlatformUrl, loadImage } from './authorized-image';

afterEach(() => clearImageCache(() => undefined));

function fetchReturning(type: string) {
  return vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(new Blob([new Uint8Array(8)], { type }), { status: 200 }),
  );
}

describe('loadImage', () => {
  it('sends the bearer token and caches one object URL per image', async () => {
    const fetchImpl = fetchReturning('image/png');
    let n = 0;
    const options = {
      token: 'T1',
      fetchImpl: fetchImpl as typeof fetch,
      createObjectURL: () => `blob:${++n}`,
    };
    expect(await loadImage('https://p.test/v1/avatar/1', options)).toBe('blob:1');
    expect(await loadImage('https://p.test/v1/avatar/1', options)).toBe('blob:1');
    expect(fetchImpl).toHaveBeenCalledOnce();
    expect(fetchImpl.mock.calls[0]?.[1]).toEqual({ headers: { authorization: 'Bearer T1' } });
  });

  it('converts a HEIC answer to JPEG at 0.7 before showing it', async () => {
    const convertHeic = vi.fn(async () => new Blob([new Uint8Array(4)], { type: 'image/jpeg' }));
    const seen: Blob[] = [];
    await loadImage('https://p.test/a.heic', {
      token: null,
      fetchImpl: fetchReturning('image/heic') as typeof fetch,
      convertHeic,
      createObjectURL: (blob) => (seen.push(blob), 'blob:x'),
    });
    expect(convertHeic).toHaveBeenCalledWith(expect.any(Blob), 0.7);
    expect(seen[0]?.type).toBe('image/jpeg');
  });

  it('forgets a failed load so that the next render retries', async () => {
    const fetchImpl = vi.fn(async () => new Response('no', { status: 404 }));
    const options = { token: 't', fetchImpl: fetchImpl as typeof fetch, createObjectURL: () => 'blob:y' };
    await expect(loadImage('https://p.test/missing', options)).rejects.toThrow('HTTP 404');
    await expect(loadImage('https://p.test/missing', options)).rejects.toThrow('HTTP 404');
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });
});

describe('isPlatformUrl', () => {
  it.each([
    ['/v1/waa/user/avatar/1', true],
    ['https://p.test/x.png', true],
    ['https://cdn.other/x.png', false],
    ['data:image/png;base64,AAAA', false],
    // A local preview carries the page's origin but is no platform file (fetching it breaks under the CSP).
    ['blob:https://p.test/0b6f5c7e-0d1e-4c55-9a51-4b1c8e2f8a10', false],
  ])('treats %s as platform: %s', (url, expected) => {
    expect(isPlatformUrl(url, 'https://p.test')).toBe(expected);
  });
});
