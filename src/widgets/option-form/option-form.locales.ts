/** Lazy loaders of the option-form namespace in every language but English (imported by the entry when needed). */
export default import.meta.glob(
  ['../../core/i18n/locales/*/option-form.json', '!../../core/i18n/locales/en/*'],
  {
    import: 'default',
  },
);
