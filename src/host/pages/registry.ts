/**
 * Page components of the built routes, by route name, found from the route table (routes.ts `page`): the
 * page modules of src/host/pages (`<folder>/<name>-page.tsx` or `-pages.tsx`), each a chunk of its own that
 * loads when its page is first shown (EK19): a phone opening the home page no longer parses the order form,
 * the account pages and the back office links of every other page. The start-up loads the first page's module
 * with the language (startup/use-boot.ts), so the first page renders at once; a later page shows the outlet's
 * fallback for the moment its chunk takes. A new page is its folder plus its route entry; nothing here.
 */
import { createElement, use, type ComponentType } from 'react';
import { matchRoute } from '../routing/resolve';
import { trackLoad, type Loading } from './module-load';
import { ROUTES, type RouteDef } from '../routing/routes';

type PageModule = Record<string, unknown>;

const LOADERS = import.meta.glob<PageModule>(['./*/*-page.tsx', './*/*-pages.tsx']);

const loads = new Map<string, Loading<PageModule>>();

/** The load of a page module (`<folder>/<name>`), started once; a failed load is tried again next time. */
function loadModule(module: string): Loading<PageModule> {
  const known = loads.get(module);
  if (known) return known;
  const loader = LOADERS[`./${module}.tsx`];
  if (!loader) throw new Error(`No page module ${module}`);
  // A page module may export `whenReady`: the code its first render needs beyond its own chunk (the chart's
  // body and header), so the page shows whole instead of filling in after its first paint (EK28).
  const whole = loader().then(async (loaded) => {
    const ready = loaded.whenReady;
    // A part that failed to load is left to the page's own render, which shows its fallback and tries again.
    if (typeof ready === 'function') await (ready as () => Promise<unknown>)().catch(() => undefined);
    return loaded;
  });
  // A chunk that failed on a bad connection is asked for again when the page is next shown.
  const load = trackLoad(whole, () => loads.delete(module));
  loads.set(module, load);
  return load;
}

/** The module and export a route's `page` names; throws when the route is not built or the module missing. */
function pageRef(route: RouteDef): { module: string; name: string } {
  if (!route.page) throw new Error(`Route ${route.name} has no page: it is not built`);
  const [module, name] = route.page.split('#') as [string, string];
  if (!(`./${module}.tsx` in LOADERS)) throw new Error(`Route ${route.name}: no page ${route.page}`);
  return { module, name };
}

/** The export a route names in its loaded module; throws when it is not a component. */
function exported(route: RouteDef, module: PageModule, name: string): ComponentType {
  const component = module[name];
  if (typeof component !== 'function') throw new Error(`Route ${route.name}: no page ${route.page}`);
  return component as ComponentType;
}

/** One component per page reference, so routes showing the same page (login, register) keep its state. */
const components = new Map<string, ComponentType>();

/**
 * The component a route's `page` names: it suspends (the nearest `<Suspense>` shows its fallback) until the
 * page's module has loaded. Throws at once when the route is not built or its module missing; a missing
 * export throws when the page renders (and `loadPage` rejects).
 */
export function pageComponent(route: RouteDef): ComponentType {
  const { module, name } = pageRef(route);
  const key = route.page!;
  const known = components.get(key);
  if (known) return known;
  const Page = () => createElement(exported(route, use(loadModule(module) as Promise<PageModule>), name));
  Page.displayName = `Page(${name})`;
  components.set(key, Page);
  return Page;
}

/** The page component itself, once its module has loaded (tests, and the first page of the start-up). */
export async function loadPage(route: RouteDef): Promise<ComponentType> {
  const { module, name } = pageRef(route);
  return exported(route, await loadModule(module), name);
}

/**
 * Starts loading the page that `pathname` shows (when it names a built route) and resolves once it has
 * loaded or failed: a failure is left to the page's own render, which tries again.
 */
export function preloadPageOf(pathname: string): Promise<void> {
  const route = matchRoute(pathname)?.route;
  if (!route?.page || !route.built) return Promise.resolve();
  return loadPage(route).then(
    () => undefined,
    () => undefined,
  );
}

/** Every built page's module loaded (tests that walk from page to page without waiting on each). */
export async function loadAllPages(): Promise<void> {
  await Promise.all(ROUTES.filter((r) => r.built).map(loadPage));
}

/** The page component of every built route, by route name. */
export const PAGES: Readonly<Record<string, ComponentType>> = Object.fromEntries(
  ROUTES.filter((r) => r.built).map((r) => [r.name, pageComponent(r)]),
);
