// A partner's React 19 app with two TradeKit elements: picking a row of <tk-quotes> shows that product in
// <tk-chart> and marks it selected in the list. The elements' props and events are typed by the kit's
// generated declarations (types/tradekit-elements.d.ts), which the partner copies into their project.
//
// React 19 assigns a prop the element has as a property (typed: `miniChart={false}` is a boolean) and adds a
// listener for `on<event-name>` (`ontk-symbol-select`), so the app renders once the elements are defined:
// before that React would write the props as attributes (`minichart`), which the widgets do not have.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { TkEventMap } from '../../types/tradekit-elements';

/** The platform origin of the page's snippet (the widgets read the same meta when `api` is absent). */
const API =
  document.querySelector<HTMLMetaElement>('meta[name="tk-api"]')?.content ?? 'http://localhost:8080';

const WATCH_LIST = ['BTCUSDT', 'ETHUSDT', 'XAUUSD', 'EURUSD', 'AAPL'];

function MarketsDesk() {
  const [symbol, setSymbol] = useState(WATCH_LIST[0]!);
  // The detail's type comes from the kit: `{ symbol: string }`.
  const select = (event: TkEventMap['tk-symbol-select']) => setSymbol(event.detail.symbol);
  return (
    <main className="desk">
      <section className="panel" id="watch">
        <h2>Watch list</h2>
        <tk-quotes
          api={API}
          symbols={WATCH_LIST.join(',')}
          selected={symbol}
          miniChart={false}
          ontk-symbol-select={select}
        />
      </section>
      <section className="panel" id="product">
        <h2 data-testid="product-title">{symbol}</h2>
        <tk-chart api={API} symbol={symbol} period="5min" />
      </section>
    </main>
  );
}

await Promise.all([customElements.whenDefined('tk-quotes'), customElements.whenDefined('tk-chart')]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <header>
      <strong>Helix Invest</strong>
      <span>Markets desk</span>
    </header>
    <MarketsDesk />
  </StrictMode>,
);
