import { createInstance } from 'i18next';
import type { i18n } from 'i18next';
import en from './locales/en.json';
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

/** The translation tree of one language; en.json is the source every other file mirrors. */
export type Translations = typeof en;

/** The server-code messages of one language: `{ code: { "<n>": text } }`, i18n keys `code.<n>`. */
export interface CodeMessages {
  code: Record<string, string>;
}

/** The single namespace every key lives in. */
export const NAMESPACE = 'translation';

// One lazy chunk per language in the Vite build; English UI strings are bundled statically.
const loaders = import.meta.glob<Translations>(['./locales/*.json', '!./locales/en.json'], {
  import: 'default',
});
// Server-code messages are needed only once a call fails, so every language (English too) loads them lazily.
const codeLoaders = import.meta.glob<CodeMessages>('./locales/codes/*.json', { import: 'default' });

/** Per instance, the languages whose code messages are loaded or loading. */
const codeLoads = new WeakMap<I18n, Map<string, Promise<void>>>();

/** The language each instance was last asked for, so a slow earlier load cannot win over a later one. */
const requested = new WeakMap<I18n, Language>();

/** Options of {@link createI18n}. */
export interface CreateI18nOptions {
  /** The language to show (any tag; normalized); loaded in the background while English shows. */
  language?: string;
  /** The brand's visible languages; empty or absent means all. */
  supported?: readonly string[];
}

/** The languages an instance accepts: the brand's list, always with English as the fallback. */
function instanceLanguages(instance: I18n): Language[] {
  const configured = instance.options.supportedLngs;
  return allowedLanguages(configured === false || configured === undefined ? [] : configured);
}

/**
 * A new, independent i18next instance with English ready synchronously, so a first render never shows
 * raw keys. When `language` names another allowed language, it is loaded in the background and switched
 * to once there (await {@link loadLanguage} with the same language to wait for it).
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
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    // Each instance gets its own copy: the imported JSON module is shared by every instance on the page.
    resources: { [DEFAULT_LANGUAGE]: { [NAMESPACE]: structuredClone(en) } },
    initAsync: false,
    keySeparator: '.',
    nsSeparator: false,
    returnNull: false,
    // React escapes text when it renders it; escaping here too would show &amp; to the user.
    interpolation: { escapeValue: false },
  });
  const wanted = matchLanguage(options.language, supported);
  if (wanted && wanted !== DEFAULT_LANGUAGE) {
    loadLanguage(instance, wanted).catch((error: unknown) => {
      console.warn(`tradekit: could not load language ${wanted}; showing English`, error);
    });
  }
  return instance;
}

/**
 * Loads `lang` (any tag; an unknown or hidden one means English) if it is not loaded yet, then switches
 * the instance to it. Rejects when the language file cannot be fetched; the instance keeps its language.
 */
export async function loadLanguage(instance: I18n, lang: string): Promise<void> {
  const target = matchLanguage(lang, instanceLanguages(instance)) ?? DEFAULT_LANGUAGE;
  requested.set(instance, target);
  if (!instance.hasResourceBundle(target, NAMESPACE)) {
    const load = loaders[`./locales/${target}.json`];
    if (!load) throw new Error(`No locale file for language ${target}`);
    const translations = await load();
    instance.addResourceBundle(target, NAMESPACE, translations, true, false);
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
  const language = matchLanguage(instance.language) ?? DEFAULT_LANGUAGE;
  const targets = [...new Set<Language>([language, DEFAULT_LANGUAGE])];
  return Promise.all(targets.map((target) => loadCodesOf(instance, target))).then(() => undefined);
}

function loadCodesOf(instance: I18n, language: Language): Promise<void> {
  let loads = codeLoads.get(instance);
  if (!loads) codeLoads.set(instance, (loads = new Map()));
  let load = loads.get(language);
  if (!load) {
    const loader = codeLoaders[`./locales/codes/${language}.json`];
    if (!loader) return Promise.reject(new Error(`No code messages for language ${language}`));
    load = loader().then((messages) => {
      instance.addResourceBundle(language, NAMESPACE, messages, true, false);
    });
    loads.set(language, load);
    load.catch(() => loads.delete(language));
  }
  return load;
}
