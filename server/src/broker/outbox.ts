import type { WebSocket } from 'ws';

// Market frames are UTF-8 JSON: text frames are what every STOMP-over-WebSocket client handles.
const TEXT = { binary: false } as const;

/** Counters an outbox updates. */
export interface DeliveryCounters {
  delivered: number;
  conflated: number;
}

/**
 * Writes frames to one socket. While the socket holds more than `limit` unsent bytes, MESSAGE frames are
 * not queued: only the latest frame of each subscription is held (conflation) and written once the
 * socket drains, so a slow reader costs bounded memory and never slows the publisher.
 */
export class Outbox {
  /** Last time the socket was seen at or below the limit. */
  lastDrainedAt = Date.now();
  private held: Map<object, Buffer> | undefined;
  private wrote = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly limit: number,
    private readonly counters: DeliveryCounters,
    private readonly onCongested: () => void,
  ) {}

  /** Whether frames are being held for a slow socket. */
  get congested(): boolean {
    return this.held !== undefined;
  }

  /** Unsent bytes of the socket. */
  get buffered(): number {
    return this.ws.bufferedAmount;
  }

  /** Sends the MESSAGE frame of subscription `key`, or holds it in place of an older one. */
  message(key: object, frame: Buffer): void {
    if (this.held && this.ws.bufferedAmount <= this.limit) this.flush(Date.now());
    if (this.held) {
      if (this.held.has(key)) this.counters.conflated++;
      this.held.set(key, frame);
    } else if (this.ws.bufferedAmount > this.limit) {
      this.held = new Map([[key, frame]]);
      this.lastDrainedAt = Date.now();
      this.onCongested();
    } else {
      this.write(frame);
      this.counters.delivered++;
    }
  }

  /** Writes held frames while the socket stays below the limit; true once nothing is held. */
  flush(now: number): boolean {
    if (!this.held) return true;
    for (const [key, frame] of this.held) {
      if (this.ws.bufferedAmount > this.limit) return false;
      this.lastDrainedAt = now;
      this.held.delete(key);
      this.write(frame);
      this.counters.delivered++;
    }
    this.held = undefined;
    this.lastDrainedAt = now;
    return true;
  }

  /** Drops the held frame of an ended subscription. */
  forget(key: object): void {
    this.held?.delete(key);
  }

  /** Writes a control frame or heart-beat, bypassing conflation. */
  write(data: Buffer | string): void {
    this.wrote = true;
    this.ws.send(data, TEXT);
  }

  /** Whether anything was written since the previous call (drives server heart-beats). */
  takeWrote(): boolean {
    const wrote = this.wrote;
    this.wrote = false;
    return wrote;
  }
}
