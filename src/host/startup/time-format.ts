/**
 * ICU's start for a first page that formats times (EK50): the chart's header formats the last quote's time on
 * its first render, and the page's first Intl formatter starts ICU. Made in a task of its own at the start-up,
 * that start runs while the config and the page's code are on their way, not inside the page's first render.
 */
import { prepareTimeFormat } from '../../core/domain/format';
import { nextTask } from '../../core/runtime/next-task';
import { isDesktopTradingPage } from '../pages/page-kinds';
import { matchRoute } from '../routing/resolve';

/**
 * Whether the page at `pathname` formats times on its first render: a route that says so (the chart page) and,
 * on a desktop, every page the trading layout shows (its chart panel has the same header).
 */
export function formatsTimesAtOnce(pathname: string, desktop: boolean): boolean {
  const route = matchRoute(pathname)?.route;
  if (!route?.built) return false;
  return route.formatsTimes === true || (desktop && isDesktopTradingPage(route.name));
}

/** In the next task, the device zone's date formatter when the page at `pathname` needs one at once. */
export async function prepareTimesFor(pathname: string, desktop: boolean): Promise<boolean> {
  if (!formatsTimesAtOnce(pathname, desktop)) return false;
  await nextTask();
  prepareTimeFormat();
  return true;
}
