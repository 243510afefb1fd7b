/**
 * Turns a picked file into what is uploaded (spec §5/§9): refuse a wrong extension or a file above 10 MB,
 * convert HEIC to JPEG at 0.7, then compress anything above 0.3 MB. Framework-free; the libraries are
 * injected so the rules are tested without a browser.
 */
import { convertHeic as defaultConvertHeic, compressImage as defaultCompress } from './converters';
import type { Compressor, HeicConverter } from './converters';
import { COMPRESS_ABOVE_BYTES, HEIC_JPEG_QUALITY, checkImage, jpegName } from './image-rules';

/** The file to upload, or the reason it cannot be. */
export type PreparedImage =
  | { ok: true; file: File; converted: boolean; compressed: boolean }
  | { ok: false; reason: 'extension' | 'size' | 'unreadable' };

/** Replaceable steps (tests; a host with its own converters). */
export interface PrepareImageDeps {
  convertHeic?: HeicConverter;
  compress?: Compressor;
}

/** Check, convert and compress one picked image. Never throws: a file the decoders reject is `unreadable`. */
export async function prepareImage(file: File, deps: PrepareImageDeps = {}): Promise<PreparedImage> {
  const check = checkImage(file);
  if (!check.ok) return check;
  const convertHeic = deps.convertHeic ?? defaultConvertHeic;
  const compress = deps.compress ?? defaultCompress;
  let current = file;
  let converted = false;
  let compressed = false;
  try {
    if (check.kind === 'heic') {
      const jpeg = await convertHeic(file, HEIC_JPEG_QUALITY);
      current = new File([jpeg], jpegName(file.name), {
        type: 'image/jpeg',
        lastModified: file.lastModified,
      });
      converted = true;
    }
    if (current.size > COMPRESS_ABOVE_BYTES) {
      const smaller = await compress(current);
      // A file that does not shrink (already optimised) is uploaded as it was.
      if (smaller.size < current.size) {
        current = new File([smaller], current.name, { type: smaller.type || current.type });
        compressed = true;
      }
    }
  } catch (error) {
    console.warn('[tradekit] image could not be prepared', error);
    return { ok: false, reason: 'unreadable' };
  }
  return { ok: true, file: current, converted, compressed };
}
