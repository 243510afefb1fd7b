/** Registers <tk-chart> (the widget's entry file: `widgets/tk-chart.js`; klinecharts loads after it). */
import { defineWidget } from '../_shared/define-widget';
import strings from '../../core/i18n/locales/en/chart.json';
import { Chart } from './chart';
import css from './chart.css?inline';
import { chartMeta } from './chart.meta';

defineWidget(chartMeta, Chart, css, {
  english: { chart: strings },
  // The other languages of this widget's namespace, one lazy chunk each.
  languages: import.meta.glob(['../../core/i18n/locales/*/chart.json', '!../../core/i18n/locales/en/*'], {
    import: 'default',
  }),
});

declare global {
  interface HTMLElementTagNameMap {
    'tk-chart': HTMLElement & {
      api?: string;
      symbol?: string;
      period?: string;
      candleType?: string;
      colorScheme?: string;
      theme?: string;
      lang?: string;
      toolbar?: boolean;
      selectors?: boolean;
      indicatorsOpen?: boolean;
      header?: boolean;
      tradeMode?: string;
    };
  }
}
