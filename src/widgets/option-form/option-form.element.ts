/** Registers <tk-option-form> (the widget's entry file: `widgets/tk-option-form.js`). */
import { defineWidget } from '../_shared/define-widget';
import type { TradeFormElement } from '../_shared/trade-form';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/option-form.json';
import { OptionForm } from './option-form';
import { optionFormMeta } from './option-form.meta';
import { OPTION_FORM_CSS } from './styles';

defineWidget(optionFormMeta, OptionForm, OPTION_FORM_CSS, {
  english: { 'option-form': strings, messages },
  // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
  languages: () => import('./option-form.locales'),
});

declare global {
  interface HTMLElementTagNameMap {
    'tk-option-form': TradeFormElement;
  }
}
