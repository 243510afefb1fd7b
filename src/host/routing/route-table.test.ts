/**
 * Properties of the route table, so that adding a page needs no edit here: every menu entry leads to a built
 * page, a page's brand flags and demo rule decide its entry, a route that is not built is in no menu, and a
 * menu label lives in its feature's own locale namespace (in every language), never in a shared file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../core/contract/languages';
import { accountDialogMenu, menuItemShown } from '../pages/page-kinds';
import { PAGES } from '../pages/registry';
import { MOBILE_TABS } from '../shells/mobile-shell';
import { ROUTES, routeByName, type RouteDef } from './routes';

const menu = accountDialogMenu();
const allFlags = [...new Set(menu.flatMap((item) => [...(item.requires ?? []), ...(item.hiddenBy ?? [])]))];

/** The English locale files: namespace → its keys (`a.b.c`). */
const LOCALES = fileURLToPath(new URL('../../core/i18n/locales/', import.meta.url));
function keysOf(language: string, namespace: string): Set<string> {
  const walk = (prefix: string, value: unknown): string[] =>
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, inner]) => walk(`${prefix}${key}.`, inner))
      : [prefix.slice(0, -1)];
  return new Set(walk('', JSON.parse(readFileSync(`${LOCALES}${language}/${namespace}.json`, 'utf8'))));
}
const namespaces = readdirSync(`${LOCALES}en`).map((file) => file.replace(/\.json$/, ''));
/** Files every page shares: a feature's label in one of them would make adding a page edit them. */
const SHARED = ['common', 'host', 'messages'];

describe('the route table', () => {
  it.each(menu.map((item) => [item.page, item] as const))(
    'leads the dialog entry %s to a built account page at its path',
    (page, item) => {
      const route = routeByName(page);
      expect(route.built).toBe(true);
      expect(route.kind).toBe('account');
      expect(route.path).toBe(item.to);
      expect(PAGES[page]).toBeTypeOf('function');
    },
  );

  it.each(MOBILE_TABS.map((tab) => [tab.route, tab] as const))(
    'leads the mobile tab %s to its route’s path',
    (name, tab) => {
      expect(routeByName(name).path).toBe(tab.to);
    },
  );

  it.each(menu.map((item) => [item.page, item] as const))(
    'shows the entry %s exactly when its brand flags and the account allow it',
    (page, item) => {
      const placement = routeByName(page).account ?? {};
      const shown = (on: readonly string[], virtual: boolean) =>
        menuItemShown(item, (flag) => on.includes(flag), virtual);
      const needed = placement.requires ?? [];
      expect(shown(needed, false)).toBe(true);
      expect(shown(needed, true)).toBe(!placement.realOnly);
      for (const flag of needed)
        expect(
          shown(
            needed.filter((f) => f !== flag),
            false,
          ),
          flag,
        ).toBe(false);
      for (const flag of placement.hiddenBy ?? []) expect(shown([...needed, flag], false), flag).toBe(false);
      const unrelated = allFlags.filter(
        (f) => !needed.includes(f) && !(placement.hiddenBy ?? []).includes(f),
      );
      expect(shown([...needed, ...unrelated], false)).toBe(true);
    },
  );

  it.each(ROUTES.filter((r) => r.built).map((r) => [r.name, r] as const))(
    'puts %s in no menu once it is not built',
    (name, route) => {
      const { page: _page, ...rest } = route;
      const unbuilt: RouteDef = { ...rest, built: false };
      const table = ROUTES.map((r) => (r.name === name ? unbuilt : r));
      expect(accountDialogMenu(table).map((item) => item.page)).not.toContain(name);
    },
  );

  it('has no menu entry on a route that is not built', () => {
    const unbuilt = new Set(ROUTES.filter((r) => !r.built).map((r) => r.name));
    expect(menu.filter((item) => unbuilt.has(item.page))).toEqual([]);
  });

  it.each(menu.map((item) => [item.page, item.label] as const))(
    'keeps the label of %s (%s) in one feature namespace, in every language',
    (_, label) => {
      const owners = namespaces.filter((ns) => keysOf('en', ns).has(label));
      expect(owners).toHaveLength(1);
      const [owner] = owners as [string];
      expect(SHARED).not.toContain(owner);
      for (const language of SUPPORTED_LANGUAGES)
        expect(keysOf(language, owner).has(label), language).toBe(true);
    },
  );
});
