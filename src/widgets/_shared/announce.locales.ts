/** Lazy loaders of the announcer's namespace in every language but English (announcer.tsx loads it when it mounts). */
export default import.meta.glob(
  ['../../core/i18n/locales/*/announce.json', '!../../core/i18n/locales/en/*'],
  {
    import: 'default',
  },
);
