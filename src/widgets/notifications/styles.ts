/** The stylesheet of <tk-notifications>: the shared cashier.css and its own; its detail drawer is styled by the shared drawer.css. */
import cashierCss from '../_shared/cashier.css?inline';
import baseCss from './notifications.css?inline';

/** All widget CSS of <tk-notifications>. */
export const NOTIFICATIONS_CSS = [cashierCss, baseCss].join('\n');
