/**
 * How long a toast stays. Spec §9 gives 1500 ms; a longer message stays for its reading time so the
 * trader can finish it (a failure with a code often runs to two lines).
 */

/** Spec §9: the shortest time a toast stays. */
export const TOAST_MS = 1500;
/** Reading time per character of alphabetic text: about 170 words a minute, a calm pace on a busy screen. */
export const READING_MS_PER_CHAR = 60;
/**
 * A character of Chinese, Japanese or Korean carries about a word's worth: it counts as this many
 * alphabetic characters (about 330 characters a minute).
 */
export const DENSE_CHAR_WEIGHT = 3;
/** The longest a toast stays on its own; hovering or focusing it holds it longer. */
export const TOAST_MAX_MS = 20_000;
/** After the pointer or focus leaves, a held toast stays at least this long, so it does not vanish at once. */
export const TOAST_RESUME_MS = 1000;

const DENSE = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;

/** Reading weight of `text`: characters, with CJK ideographs, kana and hangul counted DENSE_CHAR_WEIGHT. */
export function readingWeight(text: string): number {
  let weight = 0;
  for (const char of text.trim()) weight += DENSE.test(char) ? DENSE_CHAR_WEIGHT : 1;
  return weight;
}

/** How long a toast showing `text` stays: max(TOAST_MS, reading time), at most TOAST_MAX_MS. */
export function toastDuration(text: string): number {
  return Math.min(TOAST_MAX_MS, Math.max(TOAST_MS, readingWeight(text) * READING_MS_PER_CHAR));
}
