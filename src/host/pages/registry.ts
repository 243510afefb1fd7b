/**
 * Page components of the built routes, by route name, found from the route table (routes.ts `page`): the
 * page modules of src/host/pages (`<folder>/<name>-page.tsx` or `-pages.tsx`) are bundled with the host and
 * each route names its module and export. A new page is its folder plus its route entry; nothing here.
 */
import type { ComponentType } from 'react';
import { ROUTES, type RouteDef } from '../routing/routes';

const MODULES = import.meta.glob<Record<string, unknown>>(['./*/*-page.tsx', './*/*-pages.tsx'], {
  eager: true,
});

/** The component a route's `page` names; throws when the module or its export is missing. */
export function pageComponent(route: RouteDef): ComponentType {
  if (!route.page) throw new Error(`Route ${route.name} has no page: it is not built`);
  const [module, name] = route.page.split('#') as [string, string];
  const component = MODULES[`./${module}.tsx`]?.[name];
  if (typeof component !== 'function') throw new Error(`Route ${route.name}: no page ${route.page}`);
  return component as ComponentType;
}

/** The page component of every built route, by route name. */
export const PAGES: Readonly<Record<string, ComponentType>> = Object.fromEntries(
  ROUTES.filter((r) => r.built).map((r) => [r.name, pageComponent(r)]),
);
