/** `react/jsx-runtime` and `react/jsx-dev-runtime` in the lite build (EK14): Preact's, with hoisted styles. */
import './hoisted-styles';

export * from 'preact/compat/jsx-runtime';
