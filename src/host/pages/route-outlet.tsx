/** Renders the page of the current route. */
import { Suspense } from 'react';
import { useRoute } from '../routing/router';
import { PAGES } from './registry';

/**
 * The place of a page whose code is still on its way (EK19): empty and tall, so what comes below it (the
 * desktop footer) does not jump up and back down when the page arrives.
 */
export function PagePending() {
  return <div className="host-page-pending" data-testid="page-pending" aria-busy="true" />;
}

/** The current route's page (the router only resolves to built routes, each of which has a page). */
export function RouteOutlet() {
  const { page } = useRoute();
  const Page = PAGES[page];
  return Page ? (
    <Suspense fallback={<PagePending />}>
      <Page />
    </Suspense>
  ) : null;
}
