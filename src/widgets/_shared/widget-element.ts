/**
 * The custom element class of a widget: an open shadow root that a React root renders into, one observed
 * attribute per prop. It behaves as @r2wc/react-to-web-component 1.3 did (the first paint no longer carries
 * that package, which handles types and options no widget uses):
 * - an attribute `row-count` sets the prop `rowCount`, converted by its type (boolean: true when the value
 *   starts with t, y or 1–9; number: parseFloat; json: JSON.parse); an empty or removed attribute leaves the
 *   prop as it was;
 * - setting the property writes the attribute (booleans as "true"/"false", json as JSON; undefined removes
 *   it), and the attribute change renders;
 * - the element renders as soon as it has a prop (also before it is connected) and on connect; it unmounts its
 *   React tree when disconnected (a move remounts it);
 * - the root component gets `container` (the shadow root) besides the props.
 */
import { createElement } from 'react';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import type { AttributeType } from './widget-meta';

const PARSE: Record<AttributeType, (value: string) => unknown> = {
  string: (value) => value,
  number: (value) => parseFloat(value),
  boolean: (value) => /^[ty1-9]/i.test(value),
  json: (value) => JSON.parse(value) as unknown,
};

const STRINGIFY: Record<AttributeType, (value: unknown) => string | undefined> = {
  string: (value) => value as string | undefined,
  number: (value) => `${value as number}`,
  boolean: (value) => (value ? 'true' : 'false'),
  json: (value) => JSON.stringify(value) as string | undefined,
};

/** `rowCount` → `row-count`. */
const attributeOf = (prop: string) =>
  prop.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);

/** An element class rendering `Component` with the props of `types` (prop name → attribute type). */
export function widgetElement(
  Component: ComponentType<Record<string, unknown>>,
  types: Record<string, AttributeType>,
): CustomElementConstructor {
  const propOf: Record<string, string> = {};
  for (const prop of Object.keys(types)) propOf[attributeOf(prop)] = prop;

  class WidgetElement extends HTMLElement {
    static observedAttributes = Object.keys(propOf);
    readonly props: Record<string, unknown>;
    readonly container: ShadowRoot;
    root: Root | null = null;
    connected = true;

    constructor() {
      super();
      this.container = this.attachShadow({ mode: 'open' });
      this.props = { container: this.container };
      for (const [attribute, prop] of Object.entries(propOf)) {
        const value = this.getAttribute(attribute);
        if (value) this.props[prop] = PARSE[types[prop]!](value);
      }
    }

    connectedCallback() {
      this.connected = true;
      this.render();
    }

    disconnectedCallback() {
      this.connected = false;
      this.root?.unmount();
      this.root = null;
    }

    attributeChangedCallback(attribute: string, _old: string | null, value: string | null) {
      const prop = propOf[attribute];
      if (!prop || !value) return;
      this.props[prop] = PARSE[types[prop]!](value);
      this.render();
    }

    render() {
      if (!this.connected) return;
      this.root ??= createRoot(this.container);
      this.root.render(createElement(Component, this.props));
    }
  }

  for (const [attribute, prop] of Object.entries(propOf)) {
    Object.defineProperty(WidgetElement.prototype, prop, {
      enumerable: true,
      configurable: true,
      get(this: WidgetElement) {
        return this.props[prop];
      },
      set(this: WidgetElement, value: unknown) {
        this.props[prop] = value;
        const text = STRINGIFY[types[prop]!](value);
        if (this.getAttribute(attribute) === text) return;
        if (text == null) this.removeAttribute(attribute);
        else this.setAttribute(attribute, text);
      },
    });
  }
  return WidgetElement;
}
