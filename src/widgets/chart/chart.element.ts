/** Registers <tk-chart> (the widget's entry file: `widgets/tk-chart.js`; klinecharts loads after it). */
import { defineWidget } from '../_shared/define-widget';
import strings from '../../core/i18n/locales/en/chart.json';
import { Chart } from './chart';
import css from './chart.css?inline';
import { chartMeta } from './chart.meta';

defineWidget(chartMeta, Chart, css, {
  english: { chart: strings },
  // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
  languages: () => import('./chart.locales'),
});

// The element's type (`HTMLElementTagNameMap['tk-chart']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
