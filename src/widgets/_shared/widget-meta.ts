/**
 * The public API of one widget, written once as data: defineWidget derives the r2wc props from it and
 * scripts/manifest.ts generates custom-elements.json from it. Pure data, importable in Node without a DOM.
 */
import { SUPPORTED_LANGUAGES } from '../../core/contract/languages';

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

/** The `api` attribute every widget has (the platform origin). */
export const API_ATTRIBUTE: WidgetAttribute = {
  name: 'api',
  prop: 'api',
  type: 'string',
  description:
    'Origin of the TradeKit platform, e.g. `https://platform.example`. Defaults to `<meta name="tk-api">`, ' +
    '`window.TRADEKIT_API`, then the page origin. All widgets of a page share the first origin.',
};

/** The supported language codes as the attribute descriptions list them. */
// Pure: a build that drops the descriptions using it drops the call too.
export const LANGUAGE_LIST = /* @__PURE__ */ SUPPORTED_LANGUAGES.join(', ');

/** The `lang` attribute every widget has (one language a page). */
export const LANG_ATTRIBUTE: WidgetAttribute = {
  name: 'lang',
  prop: 'lang',
  type: 'string',
  description:
    `Language of the page (${LANGUAGE_LIST}). Widgets of a page share ` +
    'one language, so this switches all of them.',
};

/** The `theme` attribute; a widget with a toggle says what it does with it. */
export function themeAttribute(description?: string): WidgetAttribute {
  // The default text sits in the description property, so the browser build drops it with the property.
  return {
    name: 'theme',
    prop: 'theme',
    type: 'string',
    values: ['light', 'dark'],
    description: description ?? 'Colour theme; the brand theme when absent.',
  };
}

/** `api`, `lang` and `theme` in that order, for widgets with nothing to add to them. */
export const COMMON_ATTRIBUTES: readonly WidgetAttribute[] = [
  API_ATTRIBUTE,
  LANG_ATTRIBUTE,
  themeAttribute(),
];

/** `tk-navigate`: the widget asks the page to go to a path. */
export function navigateEvent(description: string): WidgetEvent {
  return { name: 'tk-navigate', description, detail: '{ to: string }' };
}

/** `tk-symbol-select`: the user picked a product. */
export function symbolSelectEvent(description: string): WidgetEvent {
  return { name: 'tk-symbol-select', description, detail: '{ symbol: string }' };
}

/** `fund-actions` of the order forms: what the page offers a real account that cannot cover an order. */
export const FUND_ACTIONS_ATTRIBUTE: WidgetAttribute = {
  name: 'fund-actions',
  prop: 'fundActions',
  type: 'string',
  description:
    'Ways forward the page offers when a real account cannot cover the order, space-separated: `demo` ' +
    "(switch to the demo account), `deposit` (open the page's cashier). Each becomes a button of the " +
    'in-form notice that fires `tk-fund-account`; without any the notice only explains.',
};

/** `tk-fund-account`: the trader picked one of the `fund-actions`. */
export const FUND_ACCOUNT_EVENT: WidgetEvent = {
  name: 'tk-fund-account',
  description:
    'A real account that cannot cover the order picked a `fund-actions` button; the page switches to demo or ' +
    'opens its cashier. Bubbles and is composed.',
  detail: "{ action: 'demo' | 'deposit'; symbol: string; mode: 'market' | 'option' }",
};

/** The parts of the account strip and the fund notice (order forms; the strip also in positions). */
export const ACCOUNT_STRIP_PARTS: readonly WidgetPart[] = [
  {
    name: 'account',
    description: 'The strip naming the account orders go to (also `demo` on the demo one).',
  },
];
export const FUND_NOTICE_PARTS: readonly WidgetPart[] = [
  {
    name: 'fund-notice',
    description:
      'The notice of a real account that cannot cover the order (buttons `fund-demo`, `fund-deposit`).',
  },
];
