/**
 * The public API of one widget, written once as data: defineWidget derives the r2wc props from it and
 * scripts/manifest.ts generates custom-elements.json from it. Pure data, importable in Node without a DOM.
 */

/** How an attribute string becomes a prop (r2wc transform). */
export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

/** One observed attribute and the prop it becomes. */
export interface WidgetAttribute {
  /** Attribute name (kebab-case), e.g. `mini-chart`. */
  name: string;
  /** The camelCase prop r2wc maps it to, e.g. `miniChart`; must be the camel-cased attribute name. */
  prop: string;
  type: AttributeType;
  description: string;
  /** Allowed values of a string attribute, documented as a union type in the manifest. */
  values?: readonly string[];
  /** Default as written in the manifest (a JS literal, e.g. `true`, `'table'`). */
  default?: string;
}

/** One DOM event the element dispatches. */
export interface WidgetEvent {
  /** DOM event name, e.g. `tk-symbol-select`. */
  name: string;
  description: string;
  /** TypeScript text of the detail, e.g. `{ symbol: string }`. */
  detail: string;
}

/** One `part` name for `::part()` styling. */
export interface WidgetPart {
  name: string;
  description: string;
}

/** One CSS custom property the widget reads. */
export interface WidgetCssProperty {
  name: string;
  description: string;
  default?: string;
}

/** The whole public API of one widget. */
export interface WidgetMeta {
  /** Custom element tag, `tk-<folder>`. */
  tag: string;
  summary: string;
  description: string;
  attributes: readonly WidgetAttribute[];
  events: readonly WidgetEvent[];
  parts: readonly WidgetPart[];
  cssProperties: readonly WidgetCssProperty[];
}
