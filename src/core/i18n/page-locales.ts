/**
 * Lazy loaders of the page-wide locale files: common and the shared messages in every language but English
 * (English common is in the first load, English messages in the entries of the widgets that show them) and the
 * server-code messages of every language. i18n.ts imports this table on the first load of such
 * a file; each file is a chunk of its own in the Vite build.
 */
export const PAGE_LOCALES: Readonly<Record<string, () => Promise<unknown>>> = {
  ...import.meta.glob(['./locales/*/common.json', './locales/*/messages.json', '!./locales/en/*.json'], {
    import: 'default',
  }),
  ...import.meta.glob('./locales/*/codes.json', { import: 'default' }),
};
