/**
 * What the loan and repayment queue suites share: a transport that records each call, and the check that a
 * queue's tab, heading, facts and fields are written in all 12 languages in their own words (the two queues'
 * strings live side by side, so each suite reads both namespaces).
 */
import { expect, it } from 'vitest';
import type { QueueDeclaration, QueueItem } from './queue-declaration';

/** A transport that records each call and answers `data`. */
export function recorder(data: unknown) {
  const seen: unknown[] = [];
  const call = async (endpoint: { path: string }, input: unknown) => {
    seen.push([endpoint.path, input]);
    return { ok: true as const, data: data as never };
  };
  return { seen, call };
}

const files = import.meta.glob<Record<string, unknown>>(
  ['../core/i18n/locales/*/backoffice/loans.json', '../core/i18n/locales/*/backoffice/loan-repayments.json'],
  { eager: true, import: 'default' },
);
const lookup = (tree: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

/** The `it` that `queue` (shown with `item`) labels everything in all 12 languages, each in its own words. */
export function itLabelsInAllLanguages<Item extends QueueItem>(queue: QueueDeclaration, item: Item): void {
  it('labels its tab, heading and every fact and field in all 12 languages, each in its own words', () => {
    const keys = [
      queue.nav,
      queue.heading,
      ...queue.facts(item).map((f) => f.label),
      ...queue.fields(item, (k) => k).map(([label]) => label),
    ].filter((key) => key.startsWith('backoffice.queues.'));
    const languages = new Set(Object.keys(files).map((path) => /locales\/([\w-]+)\//.exec(path)?.[1]));
    expect(languages.size).toBe(12);
    const english = (key: string) =>
      Object.entries(files)
        .filter(([path]) => path.includes('/en/'))
        .map(([, tree]) => lookup(tree, key))
        .find((v) => v !== undefined);
    for (const language of languages) {
      const own = Object.entries(files).filter(([path]) => path.includes(`/${language}/`));
      const text = (key: string) => own.map(([, tree]) => lookup(tree, key)).find((v) => v !== undefined);
      expect([language, keys.filter((key) => !/\S/.test(String(text(key) ?? '')))]).toEqual([language, []]);
      // Translated, not copied: outside English the tab names differ from the English ones.
      if (language !== 'en') expect(text(queue.nav)).not.toBe(english(queue.nav));
    }
  });
}
