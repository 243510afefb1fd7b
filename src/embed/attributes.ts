/**
 * What the configurator makes of each attribute of a widget's metadata (`*.meta.ts`): its default as a value,
 * the control that edits it, and whether a value the partner typed may go into the snippet. Pure data logic.
 */
import { SUPPORTED_LANGUAGES } from '../core/contract/languages';
import { API_ATTRIBUTE, LANG_ATTRIBUTE } from '../widgets/_shared/widget-meta';
import type { WidgetAttribute } from '../widgets/_shared/widget-meta';

/** A value the partner chose: the text of a text, number, JSON or select control; on/off of a boolean. */
export type Choice = string | boolean;

/** Why a typed value stays out of the snippet (an `embed.error.<code>` string). */
export type FieldError = 'control' | 'long' | 'number' | 'json' | 'unsafe' | 'color';

/** The control that edits one attribute. */
export type Control =
  | { kind: 'switch'; default: boolean }
  /** A boolean whose default the metadata describes in words (`tabs` of tk-quotes): not set, on or off. */
  | { kind: 'tristate' }
  | { kind: 'select'; values: readonly string[]; default?: string }
  | { kind: 'number'; default?: string }
  | { kind: 'json' }
  | { kind: 'text'; default?: string };

/** Longest attribute value the configurator writes: a snippet is pasted by hand, not a data channel. */
export const MAX_VALUE_LENGTH = 500;
/** Numbers beyond this are refused rather than written in exponent form. */
const MAX_NUMBER = 1e9;

const CONTROL_CHARS = /\p{Cc}/u;
const NUMBER = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;

/**
 * The default of an attribute as a value, from the JS literal the metadata writes (`true`, `'table'`, `0`);
 * undefined when there is none or it is described in words (`true without symbols, false with symbols`).
 */
export function defaultOf(attribute: WidgetAttribute): Choice | undefined {
  const text = attribute.default?.trim();
  if (text === undefined) return undefined;
  if (attribute.type === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  const quoted = /^'([^']*)'$/.exec(text) ?? /^"([^"]*)"$/.exec(text);
  if (quoted) return quoted[1];
  return NUMBER.test(text) ? text : undefined;
}

/**
 * The values a select offers: the metadata's listed values; for `lang`, which the metadata documents in its
 * description only, the supported languages that description is made from.
 */
function listedValues(attribute: WidgetAttribute): readonly string[] | undefined {
  if (attribute.values?.length) return attribute.values;
  return attribute.name === LANG_ATTRIBUTE.name ? SUPPORTED_LANGUAGES : undefined;
}

/** The control fitted to an attribute's type. */
export function controlOf(attribute: WidgetAttribute): Control {
  const fallback = defaultOf(attribute);
  if (attribute.type === 'boolean') {
    return typeof fallback === 'boolean' ? { kind: 'switch', default: fallback } : { kind: 'tristate' };
  }
  const values = listedValues(attribute);
  const text = typeof fallback === 'string' ? fallback : undefined;
  if (values) return { kind: 'select', values, default: text };
  if (attribute.type === 'number') return { kind: 'number', default: text };
  if (attribute.type === 'json') return { kind: 'json' };
  return { kind: 'text', default: text };
}

/** The attributes a partner sets: all but `api`, which the snippet always points at the platform. */
export function editableAttributes(attributes: readonly WidgetAttribute[]): WidgetAttribute[] {
  return attributes.filter((attribute) => attribute.name !== API_ATTRIBUTE.name);
}

/** Why `text` may not be written as the value of `attribute`, or null when it may. */
export function attributeError(attribute: WidgetAttribute, text: string): FieldError | null {
  if (CONTROL_CHARS.test(text)) return 'control';
  if (text.length > MAX_VALUE_LENGTH) return 'long';
  if (attribute.type === 'number') {
    const value = Number(text.trim());
    return NUMBER.test(text.trim()) && Math.abs(value) <= MAX_NUMBER ? null : 'number';
  }
  if (attribute.type === 'json') {
    try {
      JSON.parse(text);
    } catch {
      return 'json';
    }
  }
  return null;
}

/**
 * The text an attribute is written with, or null when it stays off the element: not set, empty, or equal to
 * its default. A boolean is written out (`="false"`, `="true"`), never as a bare attribute, so a reader does
 * not have to know the widget's default to see what it does.
 */
export function attributeText(attribute: WidgetAttribute, choice: Choice | undefined): string | null {
  if (choice === undefined) return null;
  const fallback = defaultOf(attribute);
  if (typeof choice === 'boolean') return choice === fallback ? null : String(choice);
  const text = attribute.type === 'number' ? choice.trim() : choice;
  if (text.trim() === '') return null;
  return text === fallback ? null : text;
}
