/** The stylesheet of <tk-history>: the shared record list and its own; the detail drawer is styled by the shared drawer.css. */
import recordListCss from '../_shared/record-list.css?inline';
import baseCss from './history.css?inline';

/** All widget CSS of <tk-history>. */
export const HISTORY_CSS = [recordListCss, baseCss].join('\n');
