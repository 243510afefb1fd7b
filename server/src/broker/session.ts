import type { RawData, WebSocket } from 'ws';
import {
  SUPPORTED_VERSIONS,
  StompError,
  encodeFrame,
  escapeHeader,
  type StompFrame,
  type StompVersion,
} from './frame';
import { SILENCE_TOLERANCE, negotiateHeartBeat, parseHeartBeat, type HeartBeats } from './heart-beat';
import { Outbox, type DeliveryCounters } from './outbox';
import { FrameParser } from './parser';
import type { BrokerSettings } from './types';

/** One SUBSCRIBE of one socket. */
export interface Subscription {
  readonly session: Session;
  readonly id: string;
  readonly destination: string;
  /** `id` escaped for the session's version: the only per-subscriber part of a MESSAGE frame. */
  readonly header: string;
}

/** What a session needs from the broker. */
export interface SessionHost {
  readonly settings: BrokerSettings;
  readonly counters: DeliveryCounters;
  subscribe(subscription: Subscription): void;
  unsubscribe(subscription: Subscription): void;
  /** Encoded snapshot MESSAGE for a new subscription, if a provider answers. */
  snapshotFrame(subscription: Subscription): Buffer | undefined;
  congested(session: Session): void;
  ended(session: Session): void;
}

const CLOSE_NORMAL = 1000;
// After an ERROR frame: the client broke the STOMP protocol (or stopped heart-beating).
const CLOSE_PROTOCOL_ERROR = 1002;
// Topic names are ours; refusing characters that STOMP escapes lets one encoded frame serve every version.
const TOPIC = /^\/topic\/[\w.\-~@+=%/]{1,200}$/;
const UNSUPPORTED = new Set(['ACK', 'NACK', 'BEGIN', 'COMMIT', 'ABORT']);

/** The STOMP side of one WebSocket: CONNECT negotiation, subscriptions, receipts, heart-beats, errors. */
export class Session {
  readonly subscriptions = new Map<string, Subscription>();
  /** Destinations of `subscriptions`: one subscription per destination, so a frame reaches a socket once. */
  private readonly destinations = new Set<string>();
  readonly outbox: Outbox;
  private readonly parser: FrameParser;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly connectTimer: NodeJS.Timeout;
  private version: StompVersion | undefined;
  private ending = false;
  private lastReceivedAt = Date.now();

  constructor(
    private readonly ws: WebSocket,
    private readonly host: SessionHost,
    readonly id: string,
  ) {
    const { settings } = host;
    this.parser = new FrameParser(settings.maxFrameBytes);
    this.outbox = new Outbox(ws, settings.maxBufferedBytes, host.counters, () => host.congested(this));
    ws.on('message', (data) => this.receive(toBuffer(data)));
    ws.on('close', () => this.end());
    ws.on('error', (err) => settings.log.debug({ err, session: id }, 'market socket error'));
    const timeout = () => this.fail(new StompError('connect timeout', 'CONNECT must be the first frame.'));
    this.connectTimer = setTimeout(timeout, settings.connectTimeoutMs).unref();
  }

  /** Sends a MESSAGE frame of one of this session's subscriptions. */
  deliver(subscription: Subscription, frame: Buffer): void {
    this.outbox.message(subscription, frame);
  }

  /** Drops the connection at the TCP level: what a client sees when the network fails. */
  terminate(): void {
    this.ws.terminate();
    this.end();
  }

  /** Closes the socket with `code` and releases the subscriptions at once. */
  close(code: number, reason: string): void {
    this.ws.close(code, reason);
    this.end();
  }

  private receive(chunk: Buffer): void {
    if (this.ending) return;
    this.lastReceivedAt = Date.now();
    this.parser.push(chunk);
    try {
      for (let frame = this.parser.next(); frame; frame = this.ending ? undefined : this.parser.next()) {
        this.handle(frame);
      }
    } catch (err) {
      if (err instanceof StompError) return this.fail(err);
      this.host.settings.log.error({ err, session: this.id }, 'market frame handling failed');
      this.fail(new StompError('internal error', 'The server could not process the frame.'));
    }
  }

  private handle(frame: StompFrame): void {
    const receipt = frame.headers.get('receipt');
    try {
      this.dispatch(frame, receipt);
    } catch (err) {
      if (!(err instanceof StompError) || receipt === undefined) throw err;
      throw new StompError(err.message, err.detail, [...err.extraHeaders, ['receipt-id', receipt]]);
    }
    if (receipt !== undefined && !this.ending && frame.command !== 'CONNECT' && frame.command !== 'STOMP') {
      this.control('RECEIPT', [['receipt-id', receipt]]);
    }
  }

  private dispatch(frame: StompFrame, receipt: string | undefined): void {
    const { command } = frame;
    if (command === 'CONNECT' || command === 'STOMP') return this.connect(frame);
    const known =
      ['SUBSCRIBE', 'UNSUBSCRIBE', 'DISCONNECT', 'SEND'].includes(command) || UNSUPPORTED.has(command);
    if (!known) throw new StompError('unknown command', `Unknown command "${command.slice(0, 40)}".`);
    if (!this.version) throw new StompError('not connected', 'CONNECT must be the first frame.');
    if (command === 'SUBSCRIBE') return this.subscribe(frame.headers);
    if (command === 'UNSUBSCRIBE') return this.unsubscribe(frame.headers);
    if (command === 'DISCONNECT') return this.disconnect(receipt);
    if (command === 'SEND')
      throw new StompError('read-only', 'Market data is published by the server; SEND is refused.');
    throw new StompError(
      'unsupported',
      `${command} is not supported: subscriptions use ack:auto, no transactions.`,
    );
  }

  private connect(frame: StompFrame): void {
    if (this.version)
      throw new StompError('already connected', 'CONNECT was already accepted on this socket.');
    const accepted = (frame.headers.get('accept-version') ?? '1.0').split(',').map((v) => v.trim());
    const version = SUPPORTED_VERSIONS.find((v) => accepted.includes(v));
    const supported = SUPPORTED_VERSIONS.join(',');
    if (!version) {
      throw new StompError('unsupported version', `Supported versions are ${supported}.`, [
        ['version', supported],
      ]);
    }
    const { heartbeatMs, serverName } = this.host.settings;
    const beats =
      version === '1.0'
        ? { outgoing: 0, incoming: 0 }
        : negotiateHeartBeat(parseHeartBeat(frame.headers.get('heart-beat')), heartbeatMs);
    this.version = version;
    this.parser.version = version;
    clearTimeout(this.connectTimer);
    const headers: Array<[string, string]> = [['version', version]];
    if (version !== '1.0') headers.push(['heart-beat', `${heartbeatMs},${heartbeatMs}`]);
    headers.push(['server', serverName], ['session', this.id]);
    this.control('CONNECTED', headers);
    this.startHeartBeats(beats);
  }

  private subscribe(headers: Map<string, string>): void {
    const destination = required(headers, 'destination');
    const id = headers.get('id') ?? (this.version === '1.0' ? destination : required(headers, 'id'));
    if (!TOPIC.test(destination)) {
      throw new StompError(
        'invalid destination',
        `Only /topic/<name> destinations exist (got "${destination}").`,
      );
    }
    const ack = headers.get('ack') ?? 'auto';
    if (ack !== 'auto') {
      throw new StompError('unsupported ack mode', `ack:${ack} is not supported; market data uses ack:auto.`);
    }
    if (this.subscriptions.has(id)) {
      throw new StompError(
        'duplicate subscription',
        `Subscription id "${id}" is already in use on this socket.`,
      );
    }
    if (this.destinations.has(destination)) {
      throw new StompError(
        'already subscribed',
        `This socket is already subscribed to ${destination}; one subscription per destination.`,
      );
    }
    const { maxSubscriptions } = this.host.settings;
    if (this.subscriptions.size >= maxSubscriptions) {
      throw new StompError('too many subscriptions', `At most ${maxSubscriptions} subscriptions per socket.`);
    }
    const header = escapeHeader(id, this.version ?? '1.2');
    const subscription: Subscription = { session: this, id, destination, header };
    this.subscriptions.set(id, subscription);
    this.destinations.add(destination);
    this.host.subscribe(subscription);
    const snapshot = this.host.snapshotFrame(subscription);
    if (snapshot) this.deliver(subscription, snapshot);
  }

  private unsubscribe(headers: Map<string, string>): void {
    const id =
      headers.get('id') ??
      (this.version === '1.0' ? required(headers, 'destination') : required(headers, 'id'));
    const subscription = this.subscriptions.get(id);
    // Unknown ids are ignored: UNSUBSCRIBE is idempotent, and a client may race its own reconnect.
    if (!subscription) return;
    this.subscriptions.delete(id);
    this.destinations.delete(subscription.destination);
    this.outbox.forget(subscription);
    this.host.unsubscribe(subscription);
  }

  private disconnect(receipt: string | undefined): void {
    if (receipt !== undefined) this.control('RECEIPT', [['receipt-id', receipt]]);
    this.close(CLOSE_NORMAL, 'DISCONNECT');
  }

  private startHeartBeats({ outgoing, incoming }: HeartBeats): void {
    if (outgoing > 0) {
      // Checking twice per interval keeps every idle gap below `outgoing`.
      const beat = () => {
        if (!this.outbox.takeWrote() && !this.outbox.congested) this.outbox.write('\n');
      };
      this.timers.push(setInterval(beat, outgoing / 2).unref());
    }
    if (incoming > 0) {
      const limit = incoming * SILENCE_TOLERANCE;
      const check = () => {
        if (Date.now() - this.lastReceivedAt <= limit) return;
        this.fail(new StompError('heart-beat timeout', `Nothing received for more than ${limit} ms.`));
      };
      this.timers.push(setInterval(check, incoming).unref());
    }
  }

  private control(command: string, headers: ReadonlyArray<readonly [string, string]>, body = ''): void {
    this.outbox.write(encodeFrame(command, headers, this.version ?? '1.2', body));
  }

  private fail(error: StompError): void {
    if (this.ending) return;
    this.control(
      'ERROR',
      [['message', error.message], ...error.extraHeaders, ['content-type', 'text/plain']],
      error.detail,
    );
    this.close(CLOSE_PROTOCOL_ERROR, error.message);
  }

  private end(): void {
    if (this.ending) return;
    this.ending = true;
    clearTimeout(this.connectTimer);
    for (const timer of this.timers) clearTimeout(timer);
    for (const subscription of this.subscriptions.values()) this.host.unsubscribe(subscription);
    this.subscriptions.clear();
    this.destinations.clear();
    this.host.ended(this);
  }
}

function required(headers: Map<string, string>, name: string): string {
  const value = headers.get(name);
  if (value === undefined || value === '') {
    throw new StompError('missing header', `The ${name} header is required.`);
  }
  return value;
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}
