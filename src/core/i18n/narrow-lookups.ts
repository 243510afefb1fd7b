/**
 * Host start-up (EK37): i18next answers `t(key)` by looking in common, then codes, then every namespace a
 * widget added, in that order, for every call: on the host, with about 30 namespaces, that walk was most of
 * the 100 ms i18next took of a phone's start at 4× CPU. The key's first part (`quotes` of `quotes.bid`) is a
 * top-level name of only a few namespaces' trees, so `t` asks those first; i18next still looks in the rest
 * after them, and a key lives in exactly one namespace (locales.test.ts), so every answer is the one the plain
 * walk gives. The host turns it on for the page's instance; a partner's page with a few widgets does not carry
 * it.
 *
 * A call without values (`t(key)`, or `t(key, {})` as the widgets' `useT` makes it) is answered from memory after
 * its first answer (EK44): every render asks again for the same labels, and i18next's own walk (resolve, then
 * interpolation and nesting on the found string) was about 15 % of a phone's main thread after the first paint of
 * the order form. The memory is forgotten when the answer can change: another language, strings added (i18next's
 * `added` and `removed`, and the fallback list `addStrings` replaces when it adds a namespace silently).
 *
 * A call whose values are all strings, numbers or booleans is answered from memory too (EK62): the order form asks
 * for the same labels with values ("Decrease {{field}}") on every render its prices wake, and i18next's
 * interpolation of them was a fifth of its renders. Such an answer depends only on the key, the values, the
 * language and the strings, so it is forgotten with the others; values that change (an amount) fill the memory,
 * which keeps the newest `VALUED_ANSWERS` answers.
 */
import { DEFAULT_LANGUAGE } from './language';
import type { I18n } from './i18n';

type PlainT = (key: unknown, options?: Record<string, unknown>) => unknown;

/** How many answers of calls with values the memory keeps (the oldest go first). */
export const VALUED_ANSWERS = 500;

/** Makes `instance.t` ask first the namespaces whose English tree has the key's first part (see above). */
export function narrowLookups(instance: I18n): void {
  const plain = instance.t.bind(instance) as unknown as PlainT;
  const common = instance.options.defaultNS as string;
  /**
   * Top-level name → the namespaces that have it, in i18next's order and closed by common (i18next looks in
   * `ns`, then in the fallback list, which common is not in). Built again when strings change.
   */
  const byName = new Map<string, string[]>();
  let indexedFor: unknown = null;
  instance.store.on('added', () => (indexedFor = null));
  const namespacesOf = (name: string): string[] | undefined => {
    const fallback = instance.options.fallbackNS;
    // addStrings adds a namespace with a new fallback list, and its English without an event.
    if (fallback !== indexedFor) {
      indexedFor = fallback;
      byName.clear();
      for (const ns of [common, ...(Array.isArray(fallback) ? (fallback as string[]) : [])])
        for (const top of Object.keys(instance.getResourceBundle(DEFAULT_LANGUAGE, ns) ?? {})) {
          const list = byName.get(top);
          if (list) list.push(ns);
          else byName.set(top, [ns]);
        }
      for (const list of byName.values()) if (!list.includes(common)) list.push(common);
    }
    return byName.get(name);
  };
  /** Answers of calls without values, in `answersIn` with the fallback list `answersWith`. */
  const answers = new Map<string, unknown>();
  /** Answers of calls with plain values, by `valuedKey`, oldest first. */
  const valued = new Map<string, string>();
  let answersIn: string | null = null;
  let answersWith: unknown = null;
  const forget = () => {
    answers.clear();
    valued.clear();
  };
  instance.store.on('added', forget);
  instance.store.on('removed', forget);
  const lookUp = (key: string, options: Record<string, unknown> | undefined) => {
    const dot = key.indexOf('.');
    const ns = namespacesOf(dot < 0 ? key : key.slice(0, dot));
    return ns ? plain(key, { ...options, ns }) : plain(key, options);
  };
  /**
   * A call without values whose string is plain text (EK54): read from the store in i18next's order (each
   * namespace, in it each language of the current one's list), returned when it is a non-empty string with no
   * placeholder and no nesting — i18next's answer unchanged, as interpolation and nesting leave such a string
   * as it is and no post-processor is configured. Anything else (no such path, an empty string or null, an
   * object, a string with `{{` or `$t(`) is i18next's to answer.
   */
  const plainText = (key: string): string | undefined => {
    const codes = instance.languages;
    if (!codes?.length || instance.options.postProcess) return undefined;
    const dot = key.indexOf('.');
    const fallback = instance.options.fallbackNS;
    const list = [
      ...(namespacesOf(dot < 0 ? key : key.slice(0, dot)) ?? [common]),
      ...(Array.isArray(fallback) ? (fallback as string[]) : []),
    ];
    const path = key.split('.');
    const data = instance.store.data as Record<string, Record<string, unknown> | undefined>;
    for (const ns of list)
      for (const code of codes) {
        let node: unknown = data[code]?.[ns];
        for (let i = 0; i < path.length && node !== undefined && node !== null; i++)
          node = typeof node === 'object' ? (node as Record<string, unknown>)[path[i]!] : undefined;
        if (node === undefined) continue;
        return typeof node === 'string' && node !== '' && !node.includes('{{') && !node.includes('$t(')
          ? node
          : undefined;
      }
    return undefined;
  };
  const narrowed: PlainT = (key, options) => {
    // A caller that names its namespace, or a list of keys, gets i18next as it is.
    if (typeof key !== 'string' || (options !== undefined && 'ns' in options)) return plain(key, options);
    const fallback = instance.options.fallbackNS;
    if (answersIn !== instance.language || answersWith !== fallback) {
      forget();
      answersIn = instance.language;
      answersWith = fallback;
    }
    if (options !== undefined && hasOwnKeys(options)) {
      const memo = valuedKey(key, options);
      if (memo === null) return lookUp(key, options);
      const known = valued.get(memo);
      if (known !== undefined) return known;
      const answer = lookUp(key, options);
      if (typeof answer === 'string') {
        if (valued.size >= VALUED_ANSWERS) valued.delete(valued.keys().next().value as string);
        valued.set(memo, answer);
      }
      return answer;
    }
    if (answers.has(key)) return answers.get(key);
    const answer = plainText(key) ?? lookUp(key, options);
    answers.set(key, answer);
    return answer;
  };
  instance.t = narrowed as unknown as I18n['t'];
}

/** Whether `options` has a value of its own (a call with values is interpolated anew each time). */
function hasOwnKeys(options: Record<string, unknown>): boolean {
  for (const name in options) if (Object.hasOwn(options, name)) return true;
  return false;
}

/**
 * The memory's name for `t(key, values)` when every value is a string, number or boolean (its type is part of it:
 * a count of 1 and one of "1" may read differently); null when one is anything else (an object, a function,
 * undefined).
 */
function valuedKey(key: string, options: Record<string, unknown>): string | null {
  let memo = key;
  for (const name in options) {
    if (!Object.hasOwn(options, name)) continue;
    const value = options[name];
    const type = typeof value;
    if (type !== 'string' && type !== 'number' && type !== 'boolean') return null;
    const text = String(value);
    // The text's length first: a value holding the separators cannot pass for other values.
    memo += `\u0001${name}\u0002${type[0]}${text.length}:${text}`;
  }
  return memo;
}
