/**
 * What Buy or Sell does when nobody took `tk-trade` (PP6), loaded on the first such click: ask the page to go
 * to the order page (`tk-navigate`, which the reference host follows); on a partner page that does not route,
 * open the order form of the page in a dialog over the chart when the page loaded it (`<tk-order-form>`, or
 * `<tk-option-form>` in option mode); without it, the platform's own order page in a new tab.
 */
import { TkNavigateEvent } from '../_shared/events';
import type { TradeDetail } from './chart-events';

/** The trade mode, the platform origin and the dialog's close label. */
export interface TradeFallbackOptions {
  mode: 'market' | 'option';
  origin: string;
  closeLabel: string;
}

/** The host route of the order form (spec §2: `/{symbol}/place`, `/{symbol}/placeOption`). */
export function tradeRoute(mode: 'market' | 'option', { symbol, direction }: TradeDetail): string {
  const page = mode === 'option' ? 'placeOption' : 'place';
  return `/${encodeURIComponent(symbol)}/${page}?direction=${direction}`;
}

/** The order form in a modal dialog in the chart's shadow root; closing it removes it. */
function openDialog(host: HTMLElement, tag: string, detail: TradeDetail, options: TradeFallbackOptions) {
  const root = host.shadowRoot ?? host;
  root.querySelector('dialog[part="trade-dialog"]')?.remove();
  const dialog = document.createElement('dialog');
  dialog.setAttribute('part', 'trade-dialog');
  dialog.setAttribute('aria-label', detail.symbol);
  // Set through the CSSOM: a strict style-src policy of the page allows it, and the chart's first-paint CSS
  // does not carry the rules of a dialog few pages open.
  Object.assign(dialog.style, {
    width: 'min(420px, calc(100vw - 32px))',
    maxHeight: 'calc(100vh - 32px)',
    padding: '8px',
    border: '1px solid var(--_chart-border)',
    borderRadius: 'var(--tk-radius, var(--_tk-radius))',
    background: 'var(--_chart-surface)',
    color: 'var(--_chart-text)',
  });
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'tk-chart__tool tk-chart__tool--text';
  close.textContent = options.closeLabel;
  close.addEventListener('click', () => dialog.close());
  const form = document.createElement(tag);
  form.setAttribute('api', options.origin);
  form.setAttribute('symbol', detail.symbol);
  form.setAttribute('direction', String(detail.direction));
  dialog.addEventListener('close', () => dialog.remove());
  dialog.append(close, form);
  (host.shadowRoot?.querySelector('.tk-chart__frame') ?? root).append(dialog);
  dialog.showModal();
}

/** Open the order form for an untaken `tk-trade` of the chart element `host`. */
export function openTrade(host: HTMLElement, detail: TradeDetail, options: TradeFallbackOptions): void {
  const route = tradeRoute(options.mode, detail);
  if (!host.dispatchEvent(new TkNavigateEvent({ to: route }))) return;
  const tag = options.mode === 'option' ? 'tk-option-form' : 'tk-order-form';
  if (customElements.get(tag)) return openDialog(host, tag, detail, options);
  window.open(new URL(route, options.origin).href, '_blank', 'noopener');
}
