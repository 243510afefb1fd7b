/** The stylesheet of <tk-alerts>: the shared saved list (header, list, form, buttons) and its own. */
import savedListCss from '../_shared/saved-list.css?inline';
import baseCss from './alerts.css?inline';

/** All widget CSS of <tk-alerts>. */
export const ALERTS_CSS = [savedListCss, baseCss].join('\n');
