/** Values of a listed attribute in any case (`layout="Logo"`, decision EK1); part of every widget's first paint. */
import type { WidgetAttribute, WidgetMeta } from './widget-meta';

/**
 * The listed value `value` means: itself when listed, else the one it spells in another case (a list that
 * holds both `1m` and `1M` keeps them apart); undefined when it is none of them.
 */
export function listedValue(attribute: WidgetAttribute, value: string): string | undefined {
  const written = value.trim();
  const wanted = written.toLowerCase();
  return (
    attribute.values?.find((listed) => listed === written) ??
    attribute.values?.find((listed) => listed.toLowerCase() === wanted)
  );
}

/**
 * Props with the values of listed attributes in their listed spelling; a value that is none of them stays as
 * written, so the widget's own rule for it holds (a wrong `direction` leaves the route, an unknown `layout` is
 * the default) and the console says what it accepts.
 */
export function listedProps(meta: WidgetMeta, props: Record<string, unknown>): Record<string, unknown> {
  const out = { ...props };
  for (const attribute of meta.attributes) {
    const value = out[attribute.prop];
    if (attribute.values && typeof value === 'string')
      out[attribute.prop] = listedValue(attribute, value) ?? value;
  }
  return out;
}
