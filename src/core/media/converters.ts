/**
 * The two heavy image libraries, each loaded only when a file needs it: heic-to (a ~3 MB decoder) for HEIC
 * files only, browser-image-compression for files above the compression threshold.
 */
import compressionLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url';
import {
  COMPRESS_ABOVE_BYTES,
  COMPRESS_MAX_DIMENSION,
  COMPRESS_QUALITY,
  HEIC_JPEG_QUALITY,
} from './image-rules';

/** HEIC/HEIF blob → JPEG blob. */
export type HeicConverter = (blob: Blob, quality: number) => Promise<Blob>;
/** Image file → smaller image file. */
export type Compressor = (file: File) => Promise<File>;

/**
 * Converts with heic-to's CSP build (no eval, so it works on brand pages with a strict Content Security
 * Policy); heic2any is not used: it fails on files of recent iPhones.
 */
export const convertHeic: HeicConverter = async (blob, quality = HEIC_JPEG_QUALITY) => {
  const { heicTo } = await import('heic-to/csp');
  return heicTo({ blob, type: 'image/jpeg', quality });
};

/**
 * Absolute URL of our own copy of the compression library for its web worker. Without `libURL` the library
 * makes its worker import a copy from a public CDN, which would leak the visitor to a third party and break
 * under a strict CSP.
 */
export function compressionWorkerUrl(base: string = import.meta.url): string | null {
  try {
    return new URL(compressionLibUrl, base).href;
  } catch {
    return null;
  }
}

/** Compresses to at most 0.3 MB, 1920 px on the longest side, starting at quality 0.75 (spec §9). */
export const compressImage: Compressor = async (file) => {
  const { default: imageCompression } = await import('browser-image-compression');
  const libURL = compressionWorkerUrl();
  return imageCompression(file, {
    maxSizeMB: COMPRESS_ABOVE_BYTES / (1024 * 1024),
    maxWidthOrHeight: COMPRESS_MAX_DIMENSION,
    initialQuality: COMPRESS_QUALITY,
    // Without our own copy there is no worker at all: compressing on the main thread beats a CDN fetch.
    useWebWorker: libURL !== null,
    ...(libURL ? { libURL } : {}),
  });
};
