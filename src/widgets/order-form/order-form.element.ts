/** Registers <tk-order-form> (the widget's entry file: `widgets/tk-order-form.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/order-form.json';
import { loadingFrame } from '../_shared/loading-frame';
import { orderFormMeta } from './order-form.meta';
import { ORDER_FORM_CSS } from './styles';

// The widget's code, with the session, toast and drawer, loads with this module; until then its loading state shows.
defineWidget(
  orderFormMeta,
  {
    body: () => import('./order-form').then((m) => m.OrderForm),
    frame: loadingFrame({ name: 'order-form', css: ORDER_FORM_CSS, frameClass: 'tk-trade-form__frame' }),
  },
  ORDER_FORM_CSS,
  {
    english: { 'order-form': strings, messages },
    // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
    languages: () => import('./order-form.locales'),
  },
);

// The element's type (`HTMLElementTagNameMap['tk-order-form']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
