import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, checkImage, extensionOf, isHeicFile, jpegName } from './image-rules';

const file = (name: string, size = 1000, type = '') => ({ name, size, type });

describe('checkImage', () => {
  it.each([
    [file('me.jpg'), { ok: true, kind: 'jpeg' }],
    [file('ME.JPEG'), { ok: true, kind: 'jpeg' }],
    [file('scan.png'), { ok: true, kind: 'png' }],
    [file('IMG_0001.HEIC'), { ok: true, kind: 'heic' }],
    [file('IMG_0001', 1000, 'image/heic'), { ok: true, kind: 'heic' }],
    [file('photo.gif', 10, 'image/gif'), { ok: false, reason: 'extension' }],
    [file('photo.webp'), { ok: false, reason: 'extension' }],
    [file('no-extension', 10, 'image/jpeg'), { ok: false, reason: 'extension' }],
    [file('big.jpg', MAX_IMAGE_BYTES), { ok: true, kind: 'jpeg' }],
    [file('big.jpg', MAX_IMAGE_BYTES + 1), { ok: false, reason: 'size' }],
    [file('big.heic', MAX_IMAGE_BYTES + 1), { ok: false, reason: 'size' }],
    [file('bad.exe', MAX_IMAGE_BYTES + 1), { ok: false, reason: 'extension' }],
  ])('judges %j as %j', (input, expected) => {
    expect(checkImage(input)).toEqual(expected);
  });
});

describe('file name helpers', () => {
  it.each([
    ['a.b.PNG', 'png'],
    ['noext', ''],
    ['trailing.', ''],
  ])('reads the extension of %s as %j', (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });

  it.each([
    ['IMG_1.heic', 'IMG_1.jpg'],
    ['x.HEIF', 'x.jpg'],
    ['.heic', '.heic.jpg'],
    ['', 'image.jpg'],
  ])('names the converted %j as %j', (name, expected) => {
    expect(jpegName(name)).toBe(expected);
  });

  it('recognises HEIC by MIME type alone', () => {
    expect(isHeicFile({ name: 'blob', type: 'image/heif-sequence' })).toBe(true);
    expect(isHeicFile({ name: 'a.jpg', type: 'image/jpeg' })).toBe(false);
  });
});
