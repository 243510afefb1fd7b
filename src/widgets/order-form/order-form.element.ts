/** Registers <tk-order-form> (the widget's entry file: `widgets/tk-order-form.js`). */
import { defineWidget } from '../_shared/define-widget';
import type { TradeFormElement } from '../_shared/trade-form';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/order-form.json';
import { OrderForm } from './order-form';
import { orderFormMeta } from './order-form.meta';
import { ORDER_FORM_CSS } from './styles';

defineWidget(orderFormMeta, OrderForm, ORDER_FORM_CSS, {
  english: { 'order-form': strings, messages },
  // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
  languages: () => import('./order-form.locales'),
});

declare global {
  interface HTMLElementTagNameMap {
    'tk-order-form': TradeFormElement;
  }
}
