import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';
import { HEIC_HEAD, JPEG_HEAD, PNG_1X1 } from './multipart.testing';

const ftyp = (brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`, 'latin1')]);

describe('detectImageType', () => {
  it.each([
    ['a PNG', PNG_1X1, 'png'],
    ['a JPEG', JPEG_HEAD, 'jpg'],
    ['a HEIC', HEIC_HEAD, 'heic'],
    ['a HEIF with brand heix', ftyp('heix'), 'heic'],
    ['a HEIF with brand mif1', ftyp('mif1'), 'heic'],
    ['an MP4 (ftyp isom)', ftyp('isom'), null],
    ['a GIF', Buffer.from('GIF89a\0\0\0\0\0\0', 'latin1'), null],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['a PNG signature cut short', PNG_1X1.subarray(0, 5), null],
    ['nothing', Buffer.alloc(0), null],
  ])('recognises %s', (_name, bytes, expected) => {
    expect(detectImageType(bytes)).toBe(expected);
  });
});
