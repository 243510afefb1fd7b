/** Lazy loaders of the crypto-addresses namespace in every language but English (imported by the entry when needed). */
export default import.meta.glob(
  ['../../core/i18n/locales/*/crypto-addresses.json', '!../../core/i18n/locales/en/*'],
  {
    import: 'default',
  },
);
