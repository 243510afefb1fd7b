/** Lazy loaders of the support namespace in every language but English (imported by the entry when needed). */
export default import.meta.glob(['../../core/i18n/locales/*/support.json', '!../../core/i18n/locales/en/*'], {
  import: 'default',
});
