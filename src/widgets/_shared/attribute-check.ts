/**
 * A partner's mistake in a widget's attributes never fails silently (decision EK1): an attribute the widget
 * does not have, or a value it does not accept, warns once in the console with what it accepts. Loaded after
 * the element's first paint (define-widget.tsx), with the reset of the page's inherited styles (EK8); values
 * of a listed attribute are read in any case by listed-value.ts.
 */
import { resetInheritedStyles } from './inherited-reset';
import { listedValue } from './listed-value';
import type { WidgetAttribute, WidgetMeta } from './widget-meta';

/** Attributes every element has (HTML's global attributes); `data-*`, `aria-*` and `on*` too. */
const GLOBAL_ATTRIBUTES = new Set(
  'id class style slot part exportparts hidden title tabindex role dir translate inert nonce autofocus draggable spellcheck contenteditable accesskey enterkeyhint inputmode is popover autocapitalize'.split(
    ' ',
  ),
);
/** What a boolean attribute reads as true or false (r2wc reads /^[ty1-9]/i as true, anything else false). */
const BOOLEAN_TEXT = /^(true|false|yes|no|on|off|[01])$/i;

const warned = new Set<string>();

/** Writes `TradeKit: <message>` to the console once per message. */
export function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(`TradeKit: ${message}`);
}

/** What is wrong with `value` for `attribute`, or null when the widget accepts it. */
export function valueProblem(attribute: WidgetAttribute, value: string): string | null {
  if (attribute.values) {
    return listedValue(attribute, value) === undefined
      ? `accepted values: ${attribute.values.join(', ')}`
      : null;
  }
  if (attribute.type === 'boolean' && !BOOLEAN_TEXT.test(value.trim())) {
    return `accepted values: true, false; read as ${/^[ty1-9]/i.test(value)}`;
  }
  if (attribute.type === 'number' && !Number.isFinite(Number.parseFloat(value))) {
    return 'a number is expected';
  }
  return null;
}

/** `mini-chart` for `minichart`, `mini_chart` or `miniChart`: the same letters in any case and spacing. */
function plain(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Edits (insert, delete, replace a letter) from `a` to `b`. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length]!;
}

/** The widget's attribute a misspelt `name` most likely means: a few letters off, or one the start of the other. */
export function nearestAttribute(meta: WidgetMeta, name: string): WidgetAttribute | undefined {
  const written = plain(name);
  let best: WidgetAttribute | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const attribute of meta.attributes) {
    const own = plain(attribute.name);
    const prefix =
      Math.min(own.length, written.length) >= 3 && (own.startsWith(written) || written.startsWith(own));
    const d = prefix ? 0.5 : distance(own, written);
    if (d <= Math.max(2, Math.floor(Math.max(own.length, written.length) / 3)) && d < bestDistance)
      [best, bestDistance] = [attribute, d];
  }
  return best;
}

/** Warns about one attribute of `meta.tag` written as `name="value"` when the widget would ignore or misread it. */
export function checkAttribute(meta: WidgetMeta, name: string, value: string | null): void {
  if (value === null) return;
  const attribute = meta.attributes.find((a) => a.name === name);
  if (attribute) {
    const problem = valueProblem(attribute, value);
    if (problem) warnOnce(`<${meta.tag} ${name}="${value}">: ${problem}.`);
    return;
  }
  if (GLOBAL_ATTRIBUTES.has(name) || /^(data-|aria-|on)/.test(name)) return;
  const near = nearestAttribute(meta, name);
  const names = meta.attributes.map((a) => a.name).join(', ');
  warnOnce(
    `<${meta.tag}> has no attribute "${name}"${near ? ` (did you mean "${near.name}"?)` : ''}; its attributes: ${names}.`,
  );
}

/** Checks every attribute written on `element` (when it joins a page). */
export function checkAttributes(meta: WidgetMeta, element: Element): void {
  for (const { name, value } of Array.from(element.attributes)) checkAttribute(meta, name, value);
}

/**
 * What an element does after its first paint each time it joins a page: its shadow root gets the reset of the
 * page's inherited styles (inherited-reset.ts, EK8), and its attributes are checked.
 */
export function joined(meta: WidgetMeta, element: Element): void {
  resetInheritedStyles(element.shadowRoot);
  checkAttributes(meta, element);
}
