/** Lazy loaders of the devices namespace in every language but English (loaded with the security page's device list). */
export default import.meta.glob(['../../core/i18n/locales/*/devices.json', '!../../core/i18n/locales/en/*'], {
  import: 'default',
});
