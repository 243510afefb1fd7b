/** Registers <tk-positions> (the widget's entry file: `widgets/tk-positions.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/positions.json';
import { Positions } from './positions';
import { POSITIONS_CSS as css } from './styles';
import { positionsMeta } from './positions.meta';

defineWidget(positionsMeta, Positions, css, {
  english: { positions: strings, messages },
  // The other languages of this widget's namespace, one lazy chunk each.
  languages: import.meta.glob(['../../core/i18n/locales/*/positions.json', '!../../core/i18n/locales/en/*'], {
    import: 'default',
  }),
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
