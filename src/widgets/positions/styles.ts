/** The stylesheet of <tk-positions>, kept in two files by concern and shipped as one. */
import overlaysCss from './positions-overlays.css?inline';
import baseCss from './positions.css?inline';

/** All widget CSS of <tk-positions>. */
export const POSITIONS_CSS = [baseCss, overlaysCss].join('\n');
