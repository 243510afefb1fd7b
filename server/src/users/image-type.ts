/** Image formats accepted for avatars, by file extension. */
export type ImageType = 'jpg' | 'png' | 'heic';

/** Content types served for each accepted format. */
export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
};

/** Bytes needed by `detectImageType`. */
export const IMAGE_SNIFF_BYTES = 12;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// ISO-BMFF major brands of HEIF images (HEVC stills and sequences, and the generic image brand).
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** The image format of a file from its first bytes (magic numbers), never from its name or declared type. */
export function detectImageType(head: Uint8Array): ImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.length >= PNG.length && PNG.every((byte, i) => head[i] === byte)) return 'png';
  if (head.length >= IMAGE_SNIFF_BYTES) {
    const text = Buffer.from(head.subarray(4, 12)).toString('latin1');
    if (text.startsWith('ftyp') && HEIF_BRANDS.has(text.slice(4))) return 'heic';
  }
  return null;
}
