/** Public surface of <tk-order-form> for React hosts: the component and its props. */
export { OrderForm } from './order-form';
export type { OrderFormProps } from './order-form';
