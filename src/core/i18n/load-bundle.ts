/**
 * Finding a locale file that is not on the page yet: the loader tables widgets gave lazily and the page's table
 * (page-locales.ts: common and the shared messages in the other languages, the server-code messages of every
 * language). Loaded with the first file an i18n instance lacks (i18n.ts loadBundle), never on an English page
 * until a call fails.
 */
import { PAGE_LOCALES } from './page-locales';
import {
  CODES_NAMESPACE,
  COMMON_NAMESPACE,
  MESSAGES_NAMESPACE,
  loaders,
  registerLoaders,
  tables,
} from './i18n';
import type { Language } from './language';

/** The namespaces whose other languages page-locales.ts lists; every other one comes with its widget's table. */
const PAGE_NAMESPACES = new Set([COMMON_NAMESPACE, MESSAGES_NAMESPACE, CODES_NAMESPACE]);

registerLoaders(PAGE_LOCALES);

/** Registers the loaders of every lazily given table (each table module is loaded once). */
function loadWidgetTables(): Promise<void> {
  return Promise.all(
    [...tables].map(([table, started]) => {
      if (started) return started;
      const load = table().then((module) => registerLoaders(module.default));
      tables.set(table, load);
      load.catch(() => tables.set(table, undefined));
      return load;
    }),
  ).then(() => undefined);
}

/** The strings of one namespace file of one language. */
export async function fetchStrings(language: Language, namespace: string): Promise<unknown> {
  const id = `${language}/${namespace}`;
  if (!loaders.has(id) && !PAGE_NAMESPACES.has(namespace)) await loadWidgetTables();
  const loader = loaders.get(id);
  if (!loader) throw new Error(`No ${namespace} strings for language ${language}`);
  return loader();
}
