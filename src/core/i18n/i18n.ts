import type { i18n } from 'i18next';

/** The one i18next instance of a page (created with createInstance, never the global default). */
export type I18n = i18n;
