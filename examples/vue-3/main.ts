// A partner's Vue 3 page with two TradeKit elements: picking a row of <tk-quotes> shows that product in
// <tk-chart> and marks it selected in the list. Vue binds the attributes reactively (`:selected`) and listens
// to the widgets' DOM events (`@tk-symbol-select`); `isCustomElement` keeps it from resolving `tk-` tags as
// Vue components. The event's detail type comes from the kit's generated declarations.
import { createApp, ref } from 'vue';
import type { TkEventMap } from '../../types/tradekit-elements';

/** The platform origin of the page's snippet (the widgets read the same meta when `api` is absent). */
const api =
  document.querySelector<HTMLMetaElement>('meta[name="tk-api"]')?.content ?? 'http://localhost:8080';

const watchList = ['BTCUSDT', 'ETHUSDT', 'XAUUSD', 'EURUSD', 'AAPL'];

const app = createApp({
  setup() {
    const symbol = ref(watchList[0]!);
    const select = (event: TkEventMap['tk-symbol-select']) => {
      symbol.value = event.detail.symbol;
    };
    return { api, symbols: watchList.join(','), symbol, select };
  },
  template: `
    <main class="page">
      <section class="card" id="chart-card">
        <h2 data-testid="product-title">{{ symbol }}</h2>
        <tk-chart :api="api" :symbol="symbol" period="15min"></tk-chart>
      </section>
      <section class="card" id="watch">
        <h2>Watch list</h2>
        <tk-quotes
          :api="api"
          :symbols="symbols"
          :selected="symbol"
          layout="logo"
          @tk-symbol-select="select"
        ></tk-quotes>
      </section>
    </main>`,
});
app.config.compilerOptions.isCustomElement = (tag) => tag.startsWith('tk-');
app.mount('#app');
