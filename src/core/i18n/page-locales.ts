/**
 * Lazy loaders of the page-wide locale files: common in every language but English (English is in the first
 * load) and the server-code messages of every language. i18n.ts imports this table on the first load of such
 * a file; each file is a chunk of its own in the Vite build.
 */
export const PAGE_LOCALES: Readonly<Record<string, () => Promise<unknown>>> = {
  ...import.meta.glob(['./locales/*/common.json', '!./locales/en/*.json'], { import: 'default' }),
  ...import.meta.glob('./locales/*/codes.json', { import: 'default' }),
};
