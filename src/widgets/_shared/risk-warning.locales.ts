/** Lazy loaders of the risk warning's namespace in every language but English (risk-warning-body.tsx loads it). */
export default import.meta.glob(
  ['../../core/i18n/locales/*/risk-warning.json', '!../../core/i18n/locales/en/*'],
  {
    import: 'default',
  },
);
