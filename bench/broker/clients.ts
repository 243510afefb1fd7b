/**
 * Child process of the fan-out benchmark: opens N WebSocket clients, parses every received STOMP frame
 * byte by byte and tells the parent (IPC) each time all clients have received one more message.
 * With a body carrying `"sentAt":<ms since the epoch, fractional>`, each delivery's latency is noted too and
 * reported (p50, p99, max) when the parent asks for it.
 * argv: url mode(stomp|raw) clients expectedMessages [STOMP host header, default bench]
 */
import WebSocket from 'ws';

const [url = '', mode = 'stomp', clientArg = '1000', expectedArg = '1000', host = 'bench'] =
  process.argv.slice(2);
const clients = Number(clientArg);
const expected = Number(expectedArg);
const OPEN_CONCURRENCY = 50;
const LF = 0x0a;
const NUL = 0x00;

// reached[k] = clients that have received at least k messages; when it hits `clients`, k is done.
const reached = new Int32Array(expected + 1);
const sockets: WebSocket[] = [];
const latencies: number[] = [];
const SENT_AT = /"sentAt":([\d.]+)/;
const wallNow = () => performance.timeOrigin + performance.now();

/** Counts the MESSAGE frames in one WebSocket message (heart-beat EOLs skipped, content-length honoured). */
function countMessages(data: Buffer, receivedAt: number): number {
  let count = 0;
  let pos = 0;
  while (pos < data.length) {
    if (data[pos] === LF || data[pos] === 0x0d) {
      pos++;
      continue;
    }
    const headerEnd = data.indexOf('\n\n', pos);
    if (headerEnd === -1) throw new Error('truncated frame');
    const head = data.toString('latin1', pos, headerEnd);
    const length = /\ncontent-length:(\d+)/.exec(head);
    const bodyStart = headerEnd + 2;
    const end = length ? bodyStart + Number(length[1]) : data.indexOf(NUL, bodyStart);
    if (data[end] !== NUL) throw new Error('frame not NUL-terminated');
    if (head.startsWith('MESSAGE\n')) {
      count++;
      const sent = SENT_AT.exec(data.toString('latin1', bodyStart, Math.min(end, bodyStart + 64)));
      if (sent) latencies.push(receivedAt - Number(sent[1]));
    } else if (!head.startsWith('RECEIPT\n') && !head.startsWith('CONNECTED\n')) throw new Error(head);
    pos = end + 1;
  }
  return count;
}

function openClient(index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, ['v12.stomp'], { perMessageDeflate: false });
    let received = 0;
    let ready = mode === 'raw';
    ws.on('error', reject);
    ws.on('open', () => {
      sockets.push(ws);
      if (mode === 'raw') return resolve();
      ws.send(`CONNECT\naccept-version:1.2\nhost:${host}\nheart-beat:0,0\n\n\0`);
      ws.send(`SUBSCRIBE\nid:sub-0\ndestination:/topic/prices\nreceipt:ready-${index}\n\n\0`);
    });
    ws.on('message', (data: Buffer) => {
      if (!ready && data.includes(`receipt-id:ready-${index}`)) {
        ready = true;
        return resolve();
      }
      const count = countMessages(data, wallNow());
      for (let i = 0; i < count && received < expected; i++) {
        received++;
        reached[received] = (reached[received] ?? 0) + 1;
        if (reached[received] === clients) process.send?.({ type: 'progress', n: received });
      }
    });
  });
}

async function main(): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < clients) await openClient(next++);
  };
  await Promise.all(Array.from({ length: OPEN_CONCURRENCY }, worker));
  process.send?.({ type: 'ready' });
}

process.on('message', (message: { type: string }) => {
  if (message.type === 'latency') {
    const sorted = Float64Array.from(latencies).sort();
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    process.send?.({ type: 'latency', samples: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) });
    return;
  }
  if (message.type !== 'close') return;
  for (const ws of sockets) ws.terminate();
  process.exit(0);
});

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
