/**
 * Every widget's public API, read from the same `*.meta.ts` files scripts/manifest.ts turns into
 * custom-elements.json (EK3): no second list to keep in step. Only the metadata is bundled; the preview loads
 * each widget's built module from the platform, as a partner page does.
 */
import type { WidgetMeta } from '../widgets/_shared/widget-meta';

const modules = import.meta.glob<Record<string, unknown>>('../widgets/*/*.meta.ts', { eager: true });

function isMeta(value: unknown): value is WidgetMeta {
  const v = value as Partial<WidgetMeta> | null;
  return typeof v?.tag === 'string' && Array.isArray(v.attributes) && Array.isArray(v.cssProperties);
}

/** The widgets by tag, in tag order. */
export const WIDGETS: readonly WidgetMeta[] = Object.values(modules)
  .flatMap((exports) => Object.values(exports).filter(isMeta))
  .sort((a, b) => a.tag.localeCompare(b.tag));

/** The widget a partner sees first: the live quotes, the one most pages start with. */
export const FIRST_WIDGET = 'tk-quotes';
