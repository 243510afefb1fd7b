/** The stylesheet of <tk-history>, kept in two files by concern and shipped as one. */
import drawerCss from './history-drawer.css?inline';
import baseCss from './history.css?inline';

/** All widget CSS of <tk-history>. */
export const HISTORY_CSS = [baseCss, drawerCss].join('\n');
