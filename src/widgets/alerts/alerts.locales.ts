/** Lazy loaders of the alerts namespace in every language but English (imported by the entry when needed). */
export default import.meta.glob(['../../core/i18n/locales/*/alerts.json', '!../../core/i18n/locales/en/*'], {
  import: 'default',
});
