// Browser probe of a partner's page that loads the built <tk-quotes> from the platform server (harness.ts
// writes the page). With the probe symbol listed, probe.ts watches that row's bid; otherwise it only counts
// the rows the widget shows.
import { PROBE_SYMBOL } from './market';
import { startProbe } from './probe';

const el = document.querySelector('tk-quotes')!;
startProbe({
  rows: () => el.shadowRoot?.querySelectorAll('[role="row"][data-symbol]').length ?? 0,
  probeBid: () => el.shadowRoot?.querySelector(`[data-symbol="${PROBE_SYMBOL}"] [data-field="bid"]`),
  banner: () => el.shadowRoot?.querySelector('[part="banner"]')?.textContent ?? null,
  probing: (el.getAttribute('symbols') ?? '').split(',').includes(PROBE_SYMBOL),
});
