import WebSocket from 'ws';

/** A frame as the test client parsed it (headers unescaped with STOMP 1.2 rules, first value wins). */
export interface RawFrame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A STOMP client written from the spec for tests: it shares no code with the broker or with
 * @stomp/stompjs, so a codec bug on either side cannot hide itself.
 */
export class RawStompClient {
  /** EOL heart-beats received so far. */
  heartBeats = 0;
  /** Resolves with the close code once the socket is closed. */
  readonly closed: Promise<number>;
  private readonly queue: RawFrame[] = [];
  private waiter: (() => void) | undefined;
  private pending = '';

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('message', (data) => this.receive(data.toString()));
  }

  /** Opens a socket offering the stompjs subprotocols; rejects on a refused upgrade. */
  static open(
    url: string,
    options: { origin?: string; protocols?: string[]; headers?: Record<string, string> } = {},
  ): Promise<RawStompClient> {
    const protocols = options.protocols ?? ['v12.stomp', 'v11.stomp', 'v10.stomp'];
    const ws = new WebSocket(url, protocols, {
      origin: options.origin,
      headers: options.headers,
      perMessageDeflate: false,
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new RawStompClient(ws)));
      ws.once('error', reject);
    });
  }

  /** Sends raw text as one WebSocket message. */
  send(text: string): void {
    this.ws.send(text);
  }

  /** Sends one frame; header values are written as given (escape them yourself where a test needs it). */
  frame(command: string, headers: Record<string, string> = {}, body = ''): void {
    this.send(encode(command, headers, body));
  }

  /** CONNECT (STOMP 1.2, no heart-beats unless given) and wait for CONNECTED. */
  async connect(headers: Record<string, string> = {}): Promise<RawFrame> {
    this.frame('CONNECT', { 'accept-version': '1.2', host: 'localhost', 'heart-beat': '0,0', ...headers });
    return this.expect('CONNECTED');
  }

  /** SUBSCRIBE with a receipt, resolved once the RECEIPT arrives (after any snapshot). */
  async subscribe(destination: string, id = 'sub-0'): Promise<RawFrame[]> {
    const receipt = `r-${id}-${destination}`;
    this.frame('SUBSCRIBE', { id, destination, receipt });
    const before: RawFrame[] = [];
    for (let frame = await this.next(); ; frame = await this.next()) {
      if (frame.command === 'RECEIPT' && frame.headers['receipt-id'] === receipt) return before;
      before.push(frame);
    }
  }

  /** The next frame, rejecting after `timeoutMs`. */
  async next(timeoutMs = 3000): Promise<RawFrame> {
    const deadline = Date.now() + timeoutMs;
    while (this.queue.length === 0) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no frame within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return this.queue.shift() as RawFrame;
  }

  /** The next frame, which must be `command`. */
  async expect(command: string, timeoutMs?: number): Promise<RawFrame> {
    const frame = await this.next(timeoutMs);
    if (frame.command !== command) {
      throw new Error(
        `expected ${command}, got ${frame.command} ${JSON.stringify(frame.headers)} ${frame.body}`,
      );
    }
    return frame;
  }

  /** Frames received but not yet taken. */
  get unread(): readonly RawFrame[] {
    return this.queue;
  }

  close(): void {
    this.ws.terminate();
  }

  private receive(text: string): void {
    this.pending += text;
    for (;;) {
      const eols = /^(\r?\n)+/.exec(this.pending);
      if (eols) {
        this.heartBeats += eols[0].split('\n').length - 1;
        this.pending = this.pending.slice(eols[0].length);
      }
      const frame = this.take();
      if (!frame) break;
      this.queue.push(frame);
    }
    this.waiter?.();
  }

  private take(): RawFrame | undefined {
    const headerEnd = this.pending.indexOf('\n\n');
    if (headerEnd === -1) return undefined;
    const [command = '', ...lines] = this.pending.slice(0, headerEnd).split('\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = unescape(line.slice(0, colon));
      if (!(name in headers))
        headers[name] = command === 'CONNECTED' ? line.slice(colon + 1) : unescape(line.slice(colon + 1));
    }
    // Lengths count UTF-8 bytes, so the body is cut on bytes, not UTF-16 units.
    const rest = Buffer.from(this.pending.slice(headerEnd + 2), 'utf8');
    const length =
      headers['content-length'] === undefined ? rest.indexOf(0) : Number(headers['content-length']);
    if (length === -1 || rest.length <= length) return undefined;
    if (rest[length] !== 0) throw new Error(`frame not NUL-terminated after ${length} bytes`);
    this.pending = rest.subarray(length + 1).toString('utf8');
    return { command, headers, body: rest.subarray(0, length).toString('utf8') };
  }
}

/** Encodes a client frame without escaping. */
export function encode(command: string, headers: Record<string, string>, body = ''): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}:${value}\n`);
  return `${command}\n${lines.join('')}\n${body}\0`;
}

function unescape(value: string): string {
  return value.replace(/\\([\\nrc])/g, (_, c: string) => ({ n: '\n', r: '\r', c: ':', '\\': '\\' })[c] ?? c);
}
