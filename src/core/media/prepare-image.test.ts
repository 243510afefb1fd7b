import { describe, expect, it, vi } from 'vitest';
import { COMPRESS_ABOVE_BYTES, MAX_IMAGE_BYTES } from './image-rules';
import { prepareImage } from './prepare-image';

const bytes = (n: number) => new Uint8Array(n);
const file = (name: string, size: number, type = '') => new File([bytes(size)], name, { type });

function deps() {
  return {
    convertHeic: vi.fn(
      async (_blob: Blob, _quality: number) => new Blob([bytes(200_000)], { type: 'image/jpeg' }),
    ),
    compress: vi.fn(async (f: File) => new File([bytes(100_000)], 'whatever', { type: f.type })),
  };
}

describe('prepareImage', () => {
  it('uploads a small JPEG untouched, without loading either library', async () => {
    const d = deps();
    const input = file('me.jpg', 50_000, 'image/jpeg');
    const result = await prepareImage(input, d);
    expect(result).toEqual({ ok: true, file: input, converted: false, compressed: false });
    expect(d.convertHeic).not.toHaveBeenCalled();
    expect(d.compress).not.toHaveBeenCalled();
  });

  it('compresses a file above 0.3 MB and keeps its name', async () => {
    const d = deps();
    const result = await prepareImage(file('big.png', COMPRESS_ABOVE_BYTES + 1, 'image/png'), d);
    expect(d.compress).toHaveBeenCalledOnce();
    expect(result).toMatchObject({ ok: true, compressed: true, converted: false });
    if (result.ok)
      expect([result.file.name, result.file.size, result.file.type]).toEqual([
        'big.png',
        100_000,
        'image/png',
      ]);
  });

  it('converts HEIC to a .jpg at quality 0.7 and compresses only when still above 0.3 MB', async () => {
    const d = deps();
    const result = await prepareImage(file('IMG_7.HEIC', 2_000_000, ''), d);
    expect(d.convertHeic).toHaveBeenCalledWith(expect.any(File), 0.7);
    expect(d.compress).not.toHaveBeenCalled();
    expect(result).toMatchObject({ ok: true, converted: true, compressed: false });
    if (result.ok) expect([result.file.name, result.file.type]).toEqual(['IMG_7.jpg', 'image/jpeg']);
  });

  it('keeps the original when compression does not make it smaller', async () => {
    const input = file('tight.jpg', 400_000, 'image/jpeg');
    const result = await prepareImage(input, { compress: async () => file('x.jpg', 500_000, 'image/jpeg') });
    expect(result).toEqual({ ok: true, file: input, converted: false, compressed: false });
  });

  it.each([
    [file('clip.gif', 10, 'image/gif'), 'extension'],
    [file('huge.jpg', MAX_IMAGE_BYTES + 1, 'image/jpeg'), 'size'],
  ])('refuses %s before loading any library (%s)', async (input, reason) => {
    const d = deps();
    expect(await prepareImage(input, d)).toEqual({ ok: false, reason });
    expect(d.convertHeic).not.toHaveBeenCalled();
    expect(d.compress).not.toHaveBeenCalled();
  });

  it('reports a file the decoder cannot read as unreadable instead of throwing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const result = await prepareImage(file('broken.heic', 1000), {
      convertHeic: async () => {
        throw new Error('ERR_LIBHEIF format not supported');
      },
    });
    expect(result).toEqual({ ok: false, reason: 'unreadable' });
  });
});
