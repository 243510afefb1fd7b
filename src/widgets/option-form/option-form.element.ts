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
  // The other languages of this widget's namespace, one lazy chunk each.
  languages: import.meta.glob(
    ['../../core/i18n/locales/*/option-form.json', '!../../core/i18n/locales/en/*'],
    {
      import: 'default',
    },
  ),
});

declare global {
  interface HTMLElementTagNameMap {
    'tk-option-form': TradeFormElement;
  }
}
