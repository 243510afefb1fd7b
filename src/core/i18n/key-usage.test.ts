/**
 * Each widget loads only common, its own namespace and, when its entry names it, the shared messages
 * (defineWidget), so every key its code names must live in one of those: otherwise the widget alone on a page
 * shows the raw key. Shared widget code and the core serve every widget, so their keys live in common or in
 * messages; a widget whose code imports (directly or through other modules) shared code naming a messages key
 * must load messages. The host loads every namespace.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODES_NAMESPACE, COMMON_NAMESPACE, MESSAGES_NAMESPACE } from './i18n';
import { SUPPORTED_LANGUAGES } from './language';

type Tree = { [key: string]: string | Tree };

const SRC = resolve(import.meta.dirname, '..', '..');
const english = import.meta.glob<Tree>('./locales/en/*.json', { eager: true, import: 'default' });

/** Key → the namespace that holds it. */
const namespaceOf = new Map<string, string>();
for (const [path, tree] of Object.entries(english)) {
  const namespace = path.replace(/^.*\/(.+)\.json$/, '$1');
  const walk = (node: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(node))
      if (typeof value === 'string') namespaceOf.set(prefix + key, namespace);
      else walk(value, `${prefix}${key}.`);
  };
  walk(tree, '');
}
const keys = [...namespaceOf.keys()];

/** Source files of a folder, without tests and fixtures. */
function sources(dir: string): string[] {
  return (
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .filter((entry) => !/\.test\.|fixture|test-support/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
      // The i18n module itself only cites keys as examples in its comments.
      .filter((file) => !file.startsWith(import.meta.dirname))
  );
}

/**
 * The keys a file names: string literals that are a key, and template literals whose fixed head starts keys
 * (`chart.period.${p}` names every `chart.period.*`).
 */
function keysNamedIn(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const named = new Set<string>();
  for (const [, literal = ''] of text.matchAll(/['"`]([\w-]+(?:\.[\w-]+)+)['"`]/g))
    if (namespaceOf.has(literal)) named.add(literal);
  for (const [, head = ''] of text.matchAll(/`([a-z_]+\.[\w.]*)\$\{/g))
    for (const key of keys) if (key.startsWith(head)) named.add(key);
  return [...named];
}

/** `file: key (namespace)` for every key a folder names outside the namespaces it may use. */
function misplaced(dir: string, allowed: readonly string[]): string[] {
  return sources(dir).flatMap((file) =>
    keysNamedIn(file)
      .filter((key) => !allowed.includes(namespaceOf.get(key) ?? ''))
      .map((key) => `${relative(SRC, file)}: ${key} (${namespaceOf.get(key)})`),
  );
}

const widgets = readdirSync(join(SRC, 'widgets'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => entry.name);

const entryOf = (widget: string) =>
  readFileSync(join(SRC, 'widgets', widget, `${widget}.element.ts`), 'utf8');

/** True when the widget's entry gives its element the shared messages. */
const loadsMessages = (widget: string) =>
  entryOf(widget).includes(`import messages from '../../core/i18n/locales/en/messages.json';`) &&
  /english: \{[^}]*\bmessages \}/.test(entryOf(widget));

/** The source files a file imports, directly or through others (relative imports of .ts/.tsx sources). */
function reachable(start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, spec = ''] of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const base = resolve(dirname(file), spec);
      const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => {
        try {
          return readFileSync(path) && !/\.test\.|fixture/.test(path);
        } catch {
          return false;
        }
      });
      if (found) visit(found);
    }
  };
  visit(start);
  return seen;
}

/**
 * Namespaces a widget loads with a lazy module of its own (`useStrings` there), so that its first paint does not
 * carry them: the account's device list (SEC4, SB4).
 */
const LAZY_NAMESPACES: Readonly<Record<string, readonly string[]>> = { account: ['devices'] };

describe('i18n keys in code', () => {
  it('are found by the scan (it reads real keys from widget code)', () => {
    expect(sources(join(SRC, 'widgets', 'quotes')).flatMap(keysNamedIn)).toContain('quotes.bid');
    expect(sources(join(SRC, 'widgets', 'chart')).flatMap(keysNamedIn)).toContain('chart.period.1h');
  });

  it.each(widgets)('of the %s widget live in common, its own namespace or messages it loads', (widget) => {
    const allowed = [COMMON_NAMESPACE, CODES_NAMESPACE, widget, ...(LAZY_NAMESPACES[widget] ?? [])];
    if (loadsMessages(widget)) allowed.push(MESSAGES_NAMESPACE);
    expect(misplaced(join(SRC, 'widgets', widget), allowed)).toEqual([]);
  });

  it.each(widgets)('the %s widget gives its own locale files to its element', (widget) => {
    const entry = entryOf(widget);
    expect(entry).toContain(`import strings from '../../core/i18n/locales/en/${widget}.json';`);
    expect(entry).toMatch(new RegExp(`english: \\{ '?${widget}'?: strings(, messages)? \\}`));
    // Its other languages: a table the entry imports lazily (a page in another language only).
    expect(entry).toContain(`languages: () => import('./${widget}.locales'),`);
    const table = readFileSync(join(SRC, 'widgets', widget, `${widget}.locales.ts`), 'utf8');
    expect(table).toContain(`'../../core/i18n/locales/*/${widget}.json'`);
  });

  it.each(widgets)('the %s widget table loads its namespace in every other language', async (widget) => {
    const table = (await import(`../../widgets/${widget}/${widget}.locales.ts`)) as {
      default: Record<string, () => Promise<unknown>>;
    };
    const languages = Object.keys(table.default).map((path) => /locales\/([\w-]+)\//.exec(path)?.[1]);
    expect(languages.sort()).toEqual(SUPPORTED_LANGUAGES.filter((lang) => lang !== 'en').sort());
    const german = Object.entries(table.default).find(([path]) => path.includes('/de/'))![1];
    expect(Object.keys((await german()) as object).length).toBeGreaterThan(0);
  });

  it.each(widgets)('the %s widget loads messages when any code it imports names one', (widget) => {
    const files = reachable(join(SRC, 'widgets', widget, `${widget}.element.ts`));
    const named = [...files].flatMap((file) =>
      keysNamedIn(file)
        .filter((key) => namespaceOf.get(key) === MESSAGES_NAMESPACE)
        .map((key) => `${relative(SRC, file)}: ${key}`),
    );
    expect(loadsMessages(widget) ? [] : named).toEqual([]);
  });

  it('finds messages keys through imports (the order form reaches the account strip)', () => {
    const files = [...reachable(join(SRC, 'widgets', 'order-form', 'order-form.element.ts'))];
    expect(files.map((file) => relative(SRC, file))).toContain(
      join('widgets', '_shared', 'account-strip.tsx'),
    );
    expect(loadsMessages('order-form')).toBe(true);
    expect(loadsMessages('quotes')).toBe(false);
  });

  it("of shared widget code and the core live in common or messages (or the announcer's or risk warning's own)", () => {
    // announce.json is loaded by the announcer itself when it mounts (widgets/_shared/announcer.tsx, SR1), and
    // risk-warning.json by the risk warning's lazy body (widgets/_shared/risk-warning-body.tsx, RW5).
    const allowed = [COMMON_NAMESPACE, CODES_NAMESPACE, MESSAGES_NAMESPACE, 'announce', 'risk-warning'];
    const shared = [
      ...misplaced(join(SRC, 'widgets', '_shared'), allowed),
      ...misplaced(join(SRC, 'core'), allowed),
    ];
    expect(shared).toEqual([]);
  });

  it('stay in a widget namespace only when that widget uses them (or only the host does)', () => {
    const users = new Map<string, Set<string>>();
    for (const widget of widgets)
      for (const file of sources(join(SRC, 'widgets', widget)))
        for (const key of keysNamedIn(file)) users.set(key, (users.get(key) ?? new Set()).add(widget));
    const foreign = [...namespaceOf]
      .filter(([, namespace]) => widgets.includes(namespace))
      .filter(([key, namespace]) => [...(users.get(key) ?? [])].some((widget) => widget !== namespace))
      .map(([key, namespace]) => `${key} (${namespace}: ${[...(users.get(key) ?? [])].join(', ')})`);
    expect(foreign).toEqual([]);
  });
});
