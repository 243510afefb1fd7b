/**
 * Image rules of spec §5/§9 for every upload (avatar now, KYC and deposit proofs later), as pure data and
 * functions so widgets and tests share one source of numbers.
 */
import { IMAGE_MAX_BYTES } from '../contract/uploads';

/** File extensions an upload may have (spec §5). */
export const IMAGE_EXTENSIONS = ['heic', 'jpg', 'jpeg', 'png'] as const;
/** Largest accepted upload before any conversion (spec §9: 10 MB). */
export const MAX_IMAGE_BYTES = IMAGE_MAX_BYTES;
/**
 * The upload limit as `language` writes it ("10 MB", "10 Mo"): every language's hint names the limit through it,
 * so no translation can name another figure than {@link MAX_IMAGE_BYTES} (spec §9 shows no other limit).
 */
export function imageLimitText(language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte' }).format(
    MAX_IMAGE_BYTES / 1024 / 1024,
  );
}
/** Files above this size are compressed before upload (spec §9: 0.3 MB). */
export const COMPRESS_ABOVE_BYTES = 0.3 * 1024 * 1024;
/** Longest side after compression. */
export const COMPRESS_MAX_DIMENSION = 1920;
/** JPEG/WebP quality used when compressing. */
export const COMPRESS_QUALITY = 0.75;
/** JPEG quality of a HEIC conversion (spec §7/§9). */
export const HEIC_JPEG_QUALITY = 0.7;

/** The `accept` attribute of an image file input. */
export const IMAGE_ACCEPT = '.heic,.jpg,.jpeg,.png,image/heic,image/heif,image/jpeg,image/png';

/** What the checks need of a file. */
export interface ImageFileInfo {
  name: string;
  size: number;
  type: string;
}

/** Outcome of {@link checkImage}: the kind of image, or why it is refused (message keys in {@link IMAGE_ERROR_KEYS}). */
export type ImageCheck =
  { ok: true; kind: 'heic' | 'jpeg' | 'png' } | { ok: false; reason: 'extension' | 'size' };

/** i18n key of each refusal (spec §8). */
export const IMAGE_ERROR_KEYS = {
  extension: 'msg.illegal_image_ext',
  size: 'msg.image_limit',
  unreadable: 'error.generic',
} as const;

/** Lower-case extension of a file name without the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0
    ? ''
    : name
        .slice(dot + 1)
        .trim()
        .toLowerCase();
}

/** Whether a file is HEIC/HEIF by extension or MIME type (phones send either, sometimes only one). */
export function isHeicFile(file: Pick<ImageFileInfo, 'name' | 'type'>): boolean {
  const ext = extensionOf(file.name);
  return ext === 'heic' || ext === 'heif' || /^image\/hei[cf](-sequence)?$/i.test(file.type);
}

/** Checks extension then size; the caller converts and compresses what passes. */
export function checkImage(file: ImageFileInfo): ImageCheck {
  const ext = extensionOf(file.name);
  const heic = isHeicFile(file);
  if (!heic && !(IMAGE_EXTENSIONS as readonly string[]).includes(ext))
    return { ok: false, reason: 'extension' };
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, reason: 'size' };
  if (heic) return { ok: true, kind: 'heic' };
  return { ok: true, kind: ext === 'png' ? 'png' : 'jpeg' };
}

/** `photo.HEIC` → `photo.jpg` (the name a converted file is uploaded under). */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'image'}.jpg`;
}
