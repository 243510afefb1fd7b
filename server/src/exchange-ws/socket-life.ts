import WebSocket from 'ws';

/**
 * The life every pushing socket shares (an account's, a visitor's, an operator's): closing once with a code,
 * being told when it closed, being dropped when it did not finish closing, and the ping that finds a peer gone.
 * A subclass releases its timers and hub entries in `release`, which runs exactly once, however it closed.
 */
export abstract class SocketLife {
  protected closed = false;
  private alive = true;

  constructor(
    protected readonly ws: WebSocket,
    log: { debug(obj: unknown, msg: string): void },
    what: string,
  ) {
    ws.on('pong', () => (this.alive = true));
    ws.on('error', (error) => log.debug({ err: error }, `${what} socket error`));
    ws.once('close', () => this.dispose());
  }

  /** Closes the socket with `code` (no-op when already closed). */
  end(code: number, reason: string): void {
    if (this.closed) return;
    this.dispose();
    this.ws.close(code, reason);
  }

  /** Calls `fn` once the socket has closed (at once when it already has). */
  onceClosed(fn: () => void): void {
    if (this.ws.readyState === WebSocket.CLOSED) fn();
    else this.ws.once('close', fn);
  }

  /** Forcibly drops a socket that did not finish closing. */
  terminate(): void {
    this.dispose();
    this.ws.terminate();
  }

  /** Timers and hub entries of the subclass. */
  protected abstract release(): void;

  /** Pings the peer; false (and the socket dropped) when it did not answer the previous ping. */
  protected ping(): boolean {
    if (this.closed) return false;
    if (!this.alive) {
      this.terminate();
      return false;
    }
    this.alive = false;
    this.ws.ping();
    return true;
  }

  /** Sends a message as JSON when the socket is open. */
  protected sendJson(message: unknown): void {
    this.sendFrame(JSON.stringify(message));
  }

  /** Sends a text frame as it is when the socket is open. */
  protected sendFrame(frame: string): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(frame);
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.release();
  }
}
