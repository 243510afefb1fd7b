/** Registers <tk-option-form> (the widget's entry file: `widgets/tk-option-form.js`). */
import { defineWidget } from '../_shared/define-widget';
import type { TradeFormElement } from '../_shared/trade-form';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/option-form.json';
import { loadingFrame } from '../_shared/loading-frame';
import { optionFormMeta } from './option-form.meta';
import { OPTION_FORM_CSS } from './styles';

// The widget's code, with the session, toast and drawer, loads with this module; until then its loading state shows.
defineWidget(
  optionFormMeta,
  {
    body: () => import('./option-form').then((m) => m.OptionForm),
    frame: loadingFrame({ name: 'option-form', css: OPTION_FORM_CSS, frameClass: 'tk-trade-form__frame' }),
  },
  OPTION_FORM_CSS,
  {
    english: { 'option-form': strings, messages },
    // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
    languages: () => import('./option-form.locales'),
  },
);

declare global {
  interface HTMLElementTagNameMap {
    'tk-option-form': TradeFormElement;
  }
}
