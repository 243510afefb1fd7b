/** Lazy loaders of the bank-cards namespace in every language but English (imported by the entry when needed). */
export default import.meta.glob(
  ['../../core/i18n/locales/*/bank-cards.json', '!../../core/i18n/locales/en/*'],
  {
    import: 'default',
  },
);
