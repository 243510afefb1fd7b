/** The stylesheet of <tk-account>, kept in files by concern and shipped as one. */
import formsCss from './account-forms.css?inline';
import overlaysCss from './account-overlays.css?inline';
import pagesCss from './account-pages.css?inline';
import baseCss from './account.css?inline';

/** All widget CSS of <tk-account>. */
export const ACCOUNT_CSS = [baseCss, formsCss, overlaysCss, pagesCss].join('\n');
