/** The six code boxes of spec §2 (digits only, paste, auto-advance, backspace back) as pure steps. */
import { CODE_LENGTH } from './auth.logic';

/** The boxes after an edit and the box to focus next. */
export interface BoxesStep {
  digits: string[];
  focus: number;
}

/** Six empty boxes. */
export const emptyBoxes = (): string[] => Array.from({ length: CODE_LENGTH }, () => '');

/**
 * Typing or pasting `text` into box `index`: non-digits are dropped; six or more digits fill every box
 * (a pasted or autofilled code); fewer fill from `index` on. Focus moves past the last digit written.
 */
export function inputDigits(digits: readonly string[], index: number, text: string): BoxesStep {
  const typed = text.replace(/\D/g, '');
  const next = [...digits];
  if (typed.length >= CODE_LENGTH) {
    return { digits: typed.slice(0, CODE_LENGTH).split(''), focus: CODE_LENGTH - 1 };
  }
  if (!typed) return { digits: next, focus: index };
  let at = index;
  for (const digit of typed) {
    if (at >= CODE_LENGTH) break;
    next[at] = digit;
    at += 1;
  }
  return { digits: next, focus: Math.min(at, CODE_LENGTH - 1) };
}

/** Backspace in box `index`: clears it, or when it is empty clears the previous box and moves there. */
export function backspace(digits: readonly string[], index: number): BoxesStep {
  const next = [...digits];
  if (next[index]) {
    next[index] = '';
    return { digits: next, focus: index };
  }
  const previous = Math.max(0, index - 1);
  next[previous] = '';
  return { digits: next, focus: previous };
}

/** The code the boxes hold. */
export const codeOf = (digits: readonly string[]): string => digits.join('');

/**
 * What was typed into a box that held `previous` and now holds `raw`: the new character without the old
 * digit (a box keeps one digit), or everything when a whole code arrived (autofill, paste).
 */
export function typedText(previous: string, raw: string): string {
  if (raw.replace(/\D/g, '').length >= CODE_LENGTH || !previous) return raw;
  return raw.replace(previous, '') || raw;
}
