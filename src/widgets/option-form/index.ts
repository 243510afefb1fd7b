/** Public surface of <tk-option-form> for React hosts: the component and its props. */
export { OptionForm } from './option-form';
export type { OptionFormProps } from './option-form';
