import { createInstance } from 'i18next';
import type { i18n } from 'i18next';
import common from './locales/en/common.json';
import { DEFAULT_LANGUAGE, allowedLanguages, matchLanguage } from './language';
import type { Language } from './language';

export {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  allowedLanguages,
  isLanguage,
  matchLanguage,
  normalizeLanguage,
  pickLanguage,
} from './language';
export type { Language, LanguageSources } from './language';

/** The one i18next instance of a page (created with createInstance, never the global default). */
export type I18n = i18n;

/**
 * The texts of one namespace file: nested objects under full key paths (`{ quotes: { bid: 'Bid' } }`), so a
 * key reads the same (`t('quotes.bid')`) whichever namespace holds it.
 */
export interface Strings {
  [key: string]: string | Strings;
}

/** A lazy loader of one locale file, as `import.meta.glob` makes it. */
export type StringsLoader = () => Promise<unknown>;

/** Lazy loaders of locale files by file path (`…/locales/<lang>/<namespace>.json`), as `import.meta.glob` makes them. */
export type StringsLoaders = Readonly<Record<string, StringsLoader>>;

/**
 * The locale files of the namespaces a widget or the host needs: their English, imported so the first render
 * has it (`{ quotes: en }`), and lazy loaders of their other languages straight from `import.meta.glob`, by
 * file path (`…/locales/<lang>/<namespace>.json`). A widget gives the loaders as a lazily imported table (its
 * `<name>.locales.ts`): only a page in another language loads it, so an English page holds no loader at all; a
 * page holds the tables of the namespaces it uses only.
 */
export interface LocaleFiles {
  english: Readonly<Record<string, Strings>>;
  languages: StringsLoaders | (() => Promise<{ default: StringsLoaders }>);
}

/** Shared texts every instance has from the start: app, navigation, categories, quotes, feed, buttons, errors. */
export const COMMON_NAMESPACE = 'common';

/**
 * Shared texts no quote, chart or search first paint shows: client messages (§8), form and order rules, the
 * account strip and fund notice, theme names. A widget that shows them names the namespace in its locale
 * files (its entry imports the English), so it renders once they are there; the host loads every namespace.
 */
export const MESSAGES_NAMESPACE = 'messages';

/** Server-code messages (`code.<n>`), loaded on the first failed call only. */
export const CODES_NAMESPACE = 'codes';

/** Every locale file anyone registered, by `<lang>/<namespace>`: the same files for every instance (load-bundle.ts fills it from the page's and the widgets' tables). */
export const loaders = new Map<string, StringsLoader>();

/** Adds lazy loaders of locale files, keyed by their path (`…/locales/<lang>/<namespace>.json`). */
export function registerLoaders(files: StringsLoaders): void {
  for (const [path, load] of Object.entries(files)) {
    const id = /([\w-]+\/[\w-]+)\.json$/.exec(path)?.[1];
    if (id) loaders.set(id, load);
  }
}

/** Loader tables widgets gave lazily, with their load once started (a failed one is tried again; load-bundle.ts loads them). */
export const tables = new Map<() => Promise<{ default: StringsLoaders }>, Promise<void> | undefined>();

/** Per instance, the namespaces its widgets and host asked for: a language switch loads all of them. */
const wanted = new WeakMap<I18n, Set<string>>();

/** Per instance, the loads done or under way, by `<lang>/<namespace>`; a failed one is forgotten. */
const loads = new WeakMap<I18n, Map<string, Promise<void>>>();

/** The language each instance was last asked for, so a slow earlier load cannot win over a later one. */
const requested = new WeakMap<I18n, Language>();

/** Options of {@link createI18n}. */
export interface CreateI18nOptions {
  /** The language to show (any tag; normalized); loaded in the background while English shows. */
  language?: string;
  /** The brand's visible languages; empty or absent means all. */
  supported?: readonly string[];
  /** The namespaces the caller needs besides common (see {@link addStrings}). */
  strings?: LocaleFiles;
}

/** The languages an instance accepts: the brand's list, always with English as the fallback. */
function instanceLanguages(instance: I18n): Language[] {
  const configured = instance.options.supportedLngs;
  return allowedLanguages(configured === false || configured === undefined ? [] : configured);
}

function wantedOf(instance: I18n): Set<string> {
  let set = wanted.get(instance);
  if (!set) wanted.set(instance, (set = new Set([COMMON_NAMESPACE])));
  return set;
}

/** The supported language the instance shows (English before init). */
function currentLanguage(instance: I18n): Language {
  return matchLanguage(instance.language) ?? DEFAULT_LANGUAGE;
}

/**
 * The language last asked of {@link loadLanguage}, shown or still loading; none before the first request. At a
 * page's start English shows while the page's own language loads (or before the host has even chosen it), and
 * someone told "English" then would be told wrong (the offline page of the service worker).
 */
export function requestedLanguage(instance: I18n): Language | undefined {
  return requested.get(instance);
}

/**
 * A new, independent i18next instance with English common strings ready synchronously, so a first render
 * never shows raw keys. Keys keep their full path in every namespace: `t('quotes.bid')` looks in common, then
 * in every other namespace loaded. When `language` names another allowed language, it is loaded in the
 * background and switched to once there (await {@link loadLanguage} with the same language to wait for it).
 */
export function createI18n(options: CreateI18nOptions = {}): I18n {
  const supported = allowedLanguages(options.supported);
  const instance = createInstance();
  void instance.init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...new Set<Language>([...supported, DEFAULT_LANGUAGE])],
    // Our codes are lower case (zh-tw); without this i18next canonicalises them to zh-TW and misses them.
    lowerCaseLng: true,
    load: 'currentOnly',
    ns: [COMMON_NAMESPACE],
    defaultNS: COMMON_NAMESPACE,
    // addStrings adds each namespace a widget brings: a key lives in exactly one namespace (locales.test.ts),
    // so `t('quotes.bid')` looks in common, then in codes and each namespace the page uses.
    fallbackNS: [CODES_NAMESPACE],
    // Each instance gets its own copy: the imported JSON module is shared by every instance on the page.
    resources: { [DEFAULT_LANGUAGE]: { [COMMON_NAMESPACE]: structuredClone(common) } },
    initAsync: false,
    keySeparator: '.',
    nsSeparator: false,
    returnNull: false,
    // React escapes text when it renders it; escaping here too would show &amp; to the user.
    interpolation: { escapeValue: false },
  });
  wantedOf(instance);
  if (options.strings) addStrings(instance, options.strings);
  const target = matchLanguage(options.language, supported);
  if (target && target !== DEFAULT_LANGUAGE) {
    loadLanguage(instance, target).catch((error: unknown) => {
      console.warn(`tradekit: could not load language ${target}; showing English`, error);
    });
  }
  return instance;
}

/**
 * Adds the namespaces a widget or the host ships with: their English now and their other languages on demand.
 * It marks them wanted, so every later language switch loads them too. Synchronous and silent (no i18next
 * event), so it may run while a component renders; a namespace already there is left as it is. The current
 * language's files, when not English, still have to be loaded: {@link hasStrings} and {@link loadNamespaces}.
 */
export function addStrings(instance: I18n, files: LocaleFiles): void {
  if (typeof files.languages === 'function') {
    if (!tables.has(files.languages)) tables.set(files.languages, undefined);
  } else registerLoaders(files.languages);
  const namespaces = wantedOf(instance);
  for (const [namespace, tree] of Object.entries(files.english)) {
    namespaces.add(namespace);
    lookIn(instance, namespace);
    if (!instance.hasResourceBundle(DEFAULT_LANGUAGE, namespace))
      instance.addResourceBundle(DEFAULT_LANGUAGE, namespace, tree, true, false, { silent: true });
  }
}

/** Makes `t()` look in `namespace` too (after common and the namespaces added before it). */
function lookIn(instance: I18n, namespace: string): void {
  const { fallbackNS } = instance.options;
  const list = Array.isArray(fallbackNS) ? (fallbackNS as readonly string[]) : [];
  // i18next reads this option on every lookup; the instance and its translator share the options object.
  if (namespace !== COMMON_NAMESPACE && !list.includes(namespace))
    instance.options.fallbackNS = [...list, namespace];
}

/** True when the namespaces are loaded in the language the instance shows (English ones always are). */
export function hasStrings(instance: I18n, namespaces: readonly string[]): boolean {
  const language = currentLanguage(instance);
  return namespaces.every((namespace) => instance.hasResourceBundle(language, namespace));
}

/**
 * Loads the namespaces in the language the instance shows and in the one it is switching to (give their
 * English with {@link addStrings} first, so later switches load them too). Rejects when a file cannot be
 * fetched; a later call tries again.
 */
export async function loadNamespaces(instance: I18n, namespaces: readonly string[]): Promise<void> {
  const languages = new Set<Language>([currentLanguage(instance)]);
  const pending = requested.get(instance);
  if (pending) languages.add(pending);
  await Promise.all(
    [...languages].flatMap((language) =>
      namespaces
        .filter((namespace) => !instance.hasResourceBundle(language, namespace))
        .map((namespace) => loadBundle(instance, language, namespace)),
    ),
  );
}

/**
 * Loads `lang` (any tag; an unknown or hidden one means English) in every wanted namespace that lacks it,
 * then switches the instance to it. Rejects when a file cannot be fetched; the instance keeps its language.
 */
export async function loadLanguage(instance: I18n, lang: string): Promise<void> {
  const target = matchLanguage(lang, instanceLanguages(instance)) ?? DEFAULT_LANGUAGE;
  requested.set(instance, target);
  // A widget may join while the files arrive: load until no wanted namespace is missing.
  for (;;) {
    const missing = [...wantedOf(instance)].filter((ns) => !instance.hasResourceBundle(target, ns));
    if (missing.length === 0) break;
    await Promise.all(missing.map((namespace) => loadBundle(instance, target, namespace)));
  }
  if (requested.get(instance) !== target) return;
  await instance.changeLanguage(target);
}

/**
 * Loads the server-code messages (`code.<n>`) of the instance's current language into it, once per
 * language; English is loaded too as the fallback of a language that lacks a code. Rejects when the file
 * cannot be fetched (a later call tries again).
 */
export function loadCodeMessages(instance: I18n): Promise<void> {
  const targets = [...new Set<Language>([currentLanguage(instance), DEFAULT_LANGUAGE])];
  return Promise.all(targets.map((target) => loadBundle(instance, target, CODES_NAMESPACE))).then(
    () => undefined,
  );
}

/**
 * Fetches one namespace file of one language into the instance, once (a failed load is tried again). Finding
 * the file (the loader tables of the page and the widgets) is code of its own, load-bundle.ts, loaded with the
 * first file an instance lacks: an English page that never fails a call never needs it (CZ3).
 */
function loadBundle(instance: I18n, language: Language, namespace: string): Promise<void> {
  let started = loads.get(instance);
  if (!started) loads.set(instance, (started = new Map()));
  const id = `${language}/${namespace}`;
  let load = started.get(id);
  if (!load) {
    load = import('./load-bundle')
      .then(({ fetchStrings }) => fetchStrings(language, namespace))
      .then((strings) => {
        instance.addResourceBundle(language, namespace, strings, true, false);
      });
    started.set(id, load);
    load.catch(() => started.delete(id));
  }
  return load;
}
