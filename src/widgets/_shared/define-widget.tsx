import r2wc from '@r2wc/react-to-web-component';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { ComponentType } from 'react';
import { loadLanguage } from '../../core/i18n/i18n';
import type { LocaleFiles } from '../../core/i18n/i18n';
import { getPlatform } from '../../core/runtime/platform';
import { listedProps } from './listed-value';
import { PlatformProvider } from './platform-context';
import { SHARED_CSS, styleNonce } from './styles';
import { useStrings } from './use-strings';
import type { WidgetMeta } from './widget-meta';
import { WidgetHostContext } from './widget-host';

/** Props r2wc hands to the element root: the shadow root plus one prop per meta attribute. */
interface ElementProps {
  container?: HTMLElement;
  api?: string;
  lang?: string;
  [prop: string]: unknown;
}

const warned = new Set<string>();

/** The callbacks of r2wc's element class that defineWidget extends. */
interface CheckedBase extends HTMLElement {
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
}

/**
 * A widget whose body loads after the element's first paint: `body` is its module's import, started when the
 * element module runs (with /config.json and the strings, not on idle), and `frame` the widget's loading state
 * in the same box, shown until the body is there. The session, toast and drawer code the body needs goes with it.
 */
export interface LazyBody<P> {
  body: () => Promise<ComponentType<P>>;
  frame: ComponentType<P>;
}

const bodies = new Map<string, Promise<unknown>>();

/** Settles once the body of `tag` is loaded (tests and hosts that want the widget without its frame). */
export function widgetBodyReady(tag: string): Promise<unknown> {
  return bodies.get(tag) ?? Promise.resolve();
}

/** Settles once the body of every widget defined so far is loaded (element tests drive the widget, not its frame). */
export function widgetBodiesReady(): Promise<unknown> {
  return Promise.all(bodies.values());
}

function lazyComponent<P extends object>(tag: string, { body, frame: Frame }: LazyBody<P>): ComponentType<P> {
  const loading = body();
  bodies.set(tag, loading);
  const Body = lazy(() => loading.then((component) => ({ default: component })));
  function LazyWidget(props: P) {
    return (
      <Suspense fallback={<Frame {...props} />}>
        <Body {...props} />
      </Suspense>
    );
  }
  return LazyWidget;
}

/**
 * Register `Component` as the custom element `meta.tag` (shadow DOM, props from `meta.attributes`).
 * Idempotent: when the tag is already defined, e.g. by a second bundle on the page, it warns once and
 * returns. Each element gets the page platform for its `api` origin, the shared styles and the widget's
 * CSS in its shadow root, and its `lang` applied to the page's i18n instance. `strings` are the locale
 * files of the widget's own namespace (the entry imports `locales/en/<folder>.json` and globs the other
 * languages): the page loads that namespace, and no other widget's, besides common; the widget renders once
 * it is there in the page's language. A `LazyBody` widget paints its frame first (see LazyBody).
 */
export function defineWidget<P extends object>(
  meta: WidgetMeta,
  widget: ComponentType<P> | LazyBody<P>,
  css: string,
  strings: LocaleFiles,
): void {
  if (typeof customElements === 'undefined') return;
  if (customElements.get(meta.tag)) {
    if (!warned.has(meta.tag)) {
      warned.add(meta.tag);
      console.warn(`TradeKit: <${meta.tag}> is already defined on this page; keeping the first definition.`);
    }
    return;
  }
  const styles = `${SHARED_CSS}\n${css}`;
  const Component = 'body' in widget ? lazyComponent(meta.tag, widget) : widget;

  function ElementRoot({ container, api, lang, ...props }: ElementProps) {
    const platform = useMemo(() => getPlatform(api || null), [api]);
    const ready = useStrings(platform.i18n, strings);
    useEffect(() => {
      if (lang) void loadLanguage(platform.i18n, lang);
    }, [platform, lang]);
    // r2wc renders into the shadow root; outputs are dispatched from the element that owns it.
    const host = container && 'host' in container ? (container.host as HTMLElement) : (container ?? null);
    return (
      <>
        <style nonce={styleNonce()}>{styles}</style>
        <PlatformProvider platform={platform}>
          <WidgetHostContext.Provider value={host}>
            {ready ? <Component {...(listedProps(meta, props) as P)} /> : null}
          </WidgetHostContext.Provider>
        </PlatformProvider>
      </>
    );
  }
  ElementRoot.displayName = `Element(${meta.tag})`;

  const props = Object.fromEntries(meta.attributes.map((attribute) => [attribute.prop, attribute.type]));
  const Base = r2wc(ElementRoot, { shadow: 'open', props }) as unknown as new () => CheckedBase;
  // A misspelt attribute or an unknown value warns once, when the element joins the page or the value changes;
  // the checks, and the reset of the page's inherited styles (EK8), load after the first paint.
  class Checked extends Base {
    constructor() {
      super();
      // r2wc renders on every attribute set, also on an element not on the page yet (createElement, then
      // setAttribute): one never inserted would keep its tree and subscriptions. It renders once connected.
      (this as unknown as Record<symbol, boolean>)[Symbol.for('r2wc.connected')] = this.isConnected;
    }
    override connectedCallback(): void {
      super.connectedCallback();
      void import('./attribute-check').then((check) => check.joined(meta, this));
    }
    // r2wc unmounts at once; a move (out and back in within one task) keeps the tree and all its state (EK8).
    override disconnectedCallback(): void {
      queueMicrotask(() => this.isConnected || super.disconnectedCallback());
    }
    override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
      super.attributeChangedCallback(name, old, value);
      void import('./attribute-check').then((check) => check.checkAttribute(meta, name, value));
    }
  }
  customElements.define(meta.tag, Checked);
}
