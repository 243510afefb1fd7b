/** Registers <tk-positions> (the widget's entry file: `widgets/tk-positions.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/positions.json';
import { Positions } from './positions';
import { POSITIONS_CSS as css } from './styles';
import { positionsMeta } from './positions.meta';

defineWidget(positionsMeta, Positions, css, {
  english: { positions: strings, messages },
  // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
  languages: () => import('./positions.locales'),
});

declare global {
  interface HTMLElementTagNameMap {
    'tk-positions': HTMLElement & {
      api?: string;
      lang?: string;
      theme?: string;
      tab?: string;
      mode?: string;
    };
  }
}
