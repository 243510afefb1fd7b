/** Renders the page of the current route. */
import { useRoute } from '../routing/router';
import { PAGES } from './registry';

/** The current route's page (the router only resolves to built routes, each of which has a page). */
export function RouteOutlet() {
  const { page } = useRoute();
  const Page = PAGES[page];
  return Page ? <Page /> : null;
}
