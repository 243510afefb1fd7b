/**
 * The live preview: the real built widget (`/widgets/tk-<name>.js`) loaded from the platform as a partner page
 * loads it, an element that gets exactly the snippet's attributes, and the snippet's tokens on a wrapper.
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { WidgetMeta } from '../widgets/_shared/widget-meta';
import type { Translate } from './translate';

export type PreviewWidth = 'phone' | 'wide';

/** Module loads by URL: a widget's module is added to the page once, however often it is picked. */
const loads = new Map<string, Promise<void>>();

function loadModule(src: string): Promise<void> {
  let load = loads.get(src);
  if (!load) {
    load = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.type = 'module';
      script.src = src;
      script.addEventListener('load', () => resolve());
      script.addEventListener('error', () => reject(new Error(`Could not load ${src}`)));
      document.head.append(script);
    });
    loads.set(src, load);
    // A failed load may be tried again when the widget is picked again.
    load.catch(() => loads.delete(src));
  }
  return load;
}

/** Sets the attributes given and removes the widget's other ones, so the element matches the snippet. */
function applyAttributes(
  element: HTMLElement,
  meta: WidgetMeta,
  attributes: ReadonlyArray<[string, string]>,
) {
  const wanted = new Map(attributes);
  for (const { name } of meta.attributes) {
    const value = wanted.get(name);
    if (value === undefined) element.removeAttribute(name);
    else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }
}

/** The detail of an event as one line of JSON (an unreadable detail is shown as its type). */
function detailText(detail: unknown): string {
  try {
    return JSON.stringify(detail) ?? String(detail);
  } catch {
    return typeof detail;
  }
}

export interface PreviewProps {
  meta: WidgetMeta;
  origin: string;
  attributes: ReadonlyArray<[string, string]>;
  tokens: ReadonlyArray<[string, string]>;
  width: PreviewWidth;
  onWidth: (width: PreviewWidth) => void;
  t: Translate;
}

export function Preview({ meta, origin, attributes, tokens, width, onWidth, t }: PreviewProps) {
  const box = useRef<HTMLDivElement>(null);
  const element = useRef<HTMLElement | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [lastEvent, setLastEvent] = useState<string | null>(null);
  const latest = useRef(attributes);
  latest.current = attributes;

  useEffect(() => {
    const host = box.current;
    if (!host) return;
    setState('loading');
    setLastEvent(null);
    let live = true;
    const widget = document.createElement(meta.tag);
    // Attributes before the element connects, as a pasted snippet has them: `api` first of all.
    applyAttributes(widget, meta, latest.current);
    host.append(widget);
    element.current = widget;
    const listeners = meta.events.map((event) => {
      const listener = (e: Event) => setLastEvent(`${event.name} ${detailText((e as CustomEvent).detail)}`);
      widget.addEventListener(event.name, listener);
      return [event.name, listener] as const;
    });
    Promise.all([loadModule(`${origin}/widgets/${meta.tag}.js`), customElements.whenDefined(meta.tag)]).then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
      for (const [name, listener] of listeners) widget.removeEventListener(name, listener);
      widget.remove();
      element.current = null;
    };
  }, [meta, origin]);

  useEffect(() => {
    if (element.current) applyAttributes(element.current, meta, attributes);
  }, [meta, attributes]);

  const style = Object.fromEntries(tokens) as CSSProperties;
  return (
    <div className="ek-preview-panel">
      <div className="ek-preview-head">
        <h2 className="ek-heading">{t('embed.preview')}</h2>
        <fieldset className="ek-segmented">
          <legend className="ek-sr-only">{t('embed.width')}</legend>
          {(['phone', 'wide'] as const).map((option) => (
            <label key={option} className="ek-segmented__option">
              <input
                type="radio"
                name="ek-width"
                value={option}
                checked={width === option}
                onChange={() => onWidth(option)}
              />
              <span>{option === 'phone' ? t('embed.width_phone') : t('embed.width_wide')}</span>
            </label>
          ))}
        </fieldset>
      </div>
      {state === 'loading' ? (
        <p className="ek-muted" role="status">
          {t('embed.loading')}
        </p>
      ) : null}
      {state === 'failed' ? (
        <p className="ek-field__error" role="alert">
          {t('embed.load_failed')}
        </p>
      ) : null}
      <div className="ek-stage">
        <div
          ref={box}
          className="ek-preview"
          data-width={width}
          data-testid="ek-preview"
          data-state={state}
          style={style}
        />
      </div>
      <p className="ek-event" aria-live="polite">
        <span className="ek-event__label">{t('embed.last_event')}: </span>
        {lastEvent ? (
          <code data-testid="ek-last-event">{lastEvent}</code>
        ) : (
          <span className="ek-muted">{t('embed.no_event')}</span>
        )}
      </p>
    </div>
  );
}
