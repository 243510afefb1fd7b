/** The stylesheet of <tk-notifications>; its detail drawer is styled by the shared drawer.css. */
import baseCss from './notifications.css?inline';

/** All widget CSS of <tk-notifications>. */
export const NOTIFICATIONS_CSS = baseCss;
