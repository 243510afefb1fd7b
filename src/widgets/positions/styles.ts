/** The stylesheet of <tk-positions>, kept in two files by concern plus the shared record list, shipped as one. */
import recordListCss from '../_shared/record-list.css?inline';
import overlaysCss from './positions-overlays.css?inline';
import baseCss from './positions.css?inline';

/** All widget CSS of <tk-positions>. */
export const POSITIONS_CSS = [recordListCss, baseCss, overlaysCss].join('\n');
