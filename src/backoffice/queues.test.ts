import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../core/i18n/language';
import english from '../core/i18n/locales/en/backoffice.json';
import { addStrings, createI18n, loadLanguage } from '../core/i18n/i18n';
import { namespaceOf } from './queue-declaration';
import { pagesFor, QUEUES } from './queues';

const shellLanguages = import.meta.glob(
  ['../core/i18n/locales/*/backoffice.json', '!../core/i18n/locales/en/*'],
  { import: 'default' },
);

/** The two cashier queues; other queues (identity, loans, support…) are checked by the same properties. */
const CASHIER = ['deposits', 'withdrawals'];

describe('the declared queues', () => {
  // Properties rather than the list restated: a new queue is a new file and edits no test here.
  it('are found by their files, in tab order, each in its own namespace', () => {
    const ids = QUEUES.map((queue) => queue.id);
    expect(ids).toEqual(expect.arrayContaining(CASHIER));
    expect(ids.indexOf('deposits')).toBeLessThan(ids.indexOf('withdrawals'));
    expect(new Set(ids).size).toBe(ids.length);
    const orders = QUEUES.map((queue) => queue.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    for (const queue of QUEUES) expect(namespaceOf(queue)).toBe(`backoffice-${queue.id}`);
  });

  it.each([
    [['finance'], true],
    [['compliance', 'finance'], true],
    [['support'], false],
    [['compliance'], false],
  ] as const)(
    'pagesFor(%j): the cashier queues %s, every queue its list allows, the audit log last',
    (roles, cashier) => {
      const pages = pagesFor(roles);
      expect(pages.at(-1)).toBe('audit');
      for (const id of CASHIER) expect(pages.includes(id)).toBe(cashier);
      for (const queue of QUEUES)
        expect(pages.includes(queue.id)).toBe(
          (queue.list.endpoint.roles ?? []).some((role) => (roles as readonly string[]).includes(role)),
        );
    },
  );

  it.each(QUEUES.map((queue) => [queue.id, queue] as const))(
    '%s: decisions no wider than their endpoints allow, each with its own button',
    (_id, queue) => {
      expect(queue.decisions.length).toBeGreaterThan(0);
      expect(new Set(queue.decisions.map((decision) => decision.id)).size).toBe(queue.decisions.length);
      for (const decision of queue.decisions) {
        expect(decision.roles.length).toBeGreaterThan(0);
        expect(decision.roles.filter((role) => !decision.endpoint.roles?.includes(role))).toEqual([]);
      }
    },
  );

  it('cashier queues: reject with the trimmed reason and approve with the id alone, through their endpoints', async () => {
    for (const queue of QUEUES.filter((declared) => CASHIER.includes(declared.id))) {
      const sent: unknown[] = [];
      const item = { id: '42', ticketNo: 'T1', userUid: '1', createdAt: 0 };
      for (const decision of queue.decisions)
        await decision.send(
          async (endpoint, input) => {
            sent.push([decision.id, endpoint.path, input]);
            return { ok: true, data: {} as never };
          },
          item,
          'Reason',
        );
      expect([queue.id, sent]).toEqual([
        queue.id,
        [
          ['reject', `${queue.id}/{id}/reject`, { id: '42', reason: 'Reason' }],
          ['approve', `${queue.id}/{id}/approve`, { id: '42' }],
        ],
      ]);
      expect(queue.decisions.map((decision) => Boolean(decision.reasonHint))).toEqual([true, false]);
    }
  });

  it.each(SUPPORTED_LANGUAGES)('name their tab, heading and decisions in %s', async (language) => {
    const i18n = createI18n({ strings: { english: { backoffice: english }, languages: shellLanguages } });
    for (const queue of QUEUES) addStrings(i18n, queue.strings);
    await loadLanguage(i18n, language);
    expect(i18n.language).toBe(language);
    const keys = QUEUES.flatMap((queue) => [
      queue.nav,
      queue.heading,
      ...queue.decisions.flatMap((decision) => [decision.label, decision.title, decision.done]),
      ...queue.decisions.flatMap((decision) => (decision.reasonHint ? [decision.reasonHint] : [])),
    ]);
    const missing = keys.filter((key) => !i18n.exists(key, { lng: language, fallbackLng: false }));
    expect(missing).toEqual([]);
  });
});
