/** Registers <tk-option-form> (the widget's entry file: `widgets/tk-option-form.js`). */
import { defineWidget } from '../_shared/define-widget';
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

// The element's type (`HTMLElementTagNameMap['tk-option-form']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
