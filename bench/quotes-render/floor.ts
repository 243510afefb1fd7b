// The floor of the tick → painted benchmark: a partner's page showing the same symbols with no framework and
// no library. One WebSocket to the platform's market socket (from its /config.json, as the widget finds it)
// with hand-written STOMP 1.2 frames, one subscription per symbol as the widget takes them, and each new bid,
// formatted as the widget formats it, written into its row's text node. probe.ts watches it as it watches the
// widget, so the two figures differ only in what the page does between the socket and the DOM.
import { formatPrice } from '../../src/core/domain/format';
import { PROBE_SYMBOL } from './market';
import { startProbe } from './probe';

const params = new URLSearchParams(location.search);
const platform = params.get('platform') ?? '';
const symbols = (params.get('symbols') ?? '').split(',').filter(Boolean);

const table = document.createElement('div');
const bids = new Map<string, Text>();
for (const symbol of symbols) {
  const row = table.appendChild(document.createElement('div'));
  row.dataset.symbol = symbol;
  row.append(`${symbol} `);
  const bid = row.appendChild(document.createElement('span'));
  bid.dataset.field = 'bid';
  bids.set(symbol, bid.appendChild(document.createTextNode('')));
}
document.body.append(table);

const NUL = '\0';
const frame = (command: string, headers: Record<string, string>) =>
  `${command}\n${Object.entries(headers)
    .map(([name, value]) => `${name}:${value}`)
    .join('\n')}\n\n${NUL}`;

function onFrame(text: string, socket: WebSocket): void {
  if (text.startsWith('CONNECTED\n')) {
    symbols.forEach((symbol, i) =>
      socket.send(frame('SUBSCRIBE', { id: `sub-${i}`, destination: `/topic/prices.${symbol}` })),
    );
  } else if (text.startsWith('MESSAGE\n')) {
    const entry = JSON.parse(text.slice(text.indexOf('\n\n') + 2)) as {
      symbol: string;
      bidPrice: string;
      pricePrecision: number;
    };
    const bid = bids.get(entry.symbol);
    const shown = formatPrice(entry.bidPrice, entry.pricePrecision);
    if (bid && bid.data !== shown) bid.data = shown;
  } else if (text.startsWith('ERROR\n')) throw new Error(`broker: ${text.slice(0, 200)}`);
}

async function connect(): Promise<void> {
  const config = (await (await fetch(`${platform}/config.json`)).json()) as {
    services: { marketWs: string };
  };
  const socket = new WebSocket(config.services.marketWs, ['v12.stomp']);
  socket.onopen = () =>
    socket.send(frame('CONNECT', { 'accept-version': '1.2', host: location.hostname, 'heart-beat': '0,0' }));
  socket.onmessage = ({ data }: MessageEvent<string>) => {
    // Frames end with NUL; end-of-line heart-beats may come between them.
    for (const text of data.split(NUL)) if (text.trim()) onFrame(text.replace(/^\n+/, ''), socket);
  };
}

connect().catch((error: unknown) => {
  (window as unknown as { __bench: { error?: string } }).__bench.error = String(error);
});
startProbe({
  rows: () => bids.size,
  // Once the subscription's first price (the broker's snapshot) is shown: the ticks come after it.
  probeBid: () => (bids.get(PROBE_SYMBOL)?.data ? bids.get(PROBE_SYMBOL)!.parentElement : null),
  probing: symbols.includes(PROBE_SYMBOL),
});
