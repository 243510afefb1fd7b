/**
 * A visitor's live-support channel (no session): `{exchangeWs}/support-visitor`, first frame `{ "ticket" }`
 * with a one-time ticket the visitor's HttpOnly cookie fetched (contract/support.ts SupportVisitorTicket). It
 * carries `support` pushes only. Reconnects with the exchange feed's back-off, asking a fresh ticket each time;
 * `onOpen` tells the widget to fetch what it may have missed (`afterId`).
 */
import type { ExchangeSupportMessage } from '../contract/support';
import type { ExchangeSocketLike } from './exchange-feed-types';
import { nextDelay, shouldGiveUp } from './reconnect-policy';
import { parseSupportPush } from './support-push';

export interface VisitorChannelOptions {
  /** The socket address, `{exchangeWs}/support-visitor`. */
  url: string;
  /** A fresh one-time ticket, or null when the visitor has no conversation (the channel stops). */
  ticket: () => Promise<string | null>;
  onPush: (push: ExchangeSupportMessage) => void;
  /** The server accepted the ticket (`supportReady`): fetch what may have been missed. */
  onOpen: () => void;
  socketFactory?: (url: string) => ExchangeSocketLike;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

let pageFactory: ((url: string) => ExchangeSocketLike) | null = null;

/** The sockets every visitor channel of the page opens (tests; null: the browser's WebSocket). */
export function setVisitorSocketFactory(factory: ((url: string) => ExchangeSocketLike) | null): void {
  pageFactory = factory;
}

/** Opens the channel at once; the returned function closes it for good. */
export function openVisitorChannel(options: VisitorChannelOptions): () => void {
  const factory =
    options.socketFactory ??
    pageFactory ??
    ((url: string) => new WebSocket(url) as unknown as ExchangeSocketLike);
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let closed = false;
  let attempt = 0;
  let socket: ExchangeSocketLike | null = null;
  let timer: unknown = null;

  function retry(): void {
    socket = null;
    if (closed || shouldGiveUp(++attempt)) return;
    timer = setTimer(() => {
      timer = null;
      void connect();
    }, nextDelay(attempt));
  }

  async function connect(): Promise<void> {
    const ticket = await options.ticket().catch(() => undefined);
    if (closed || ticket === null) return;
    if (ticket === undefined) return retry();
    const next = factory(options.url);
    socket = next;
    next.onopen = () => next.send(JSON.stringify({ ticket }));
    next.onmessage = ({ data }) => {
      // The server answers an accepted ticket with `supportReady`: from then on nothing is missed.
      if (typeof data === 'string' && data.includes('"ordertype":"supportReady"')) {
        attempt = 0;
        return options.onOpen();
      }
      const push = parseSupportPush(data);
      if (push) options.onPush(push);
    };
    next.onerror = () => undefined;
    next.onclose = () => {
      if (socket === next) retry();
    };
  }

  void connect();
  return () => {
    closed = true;
    if (timer !== null) clearTimer(timer);
    const last = socket;
    socket = null;
    if (last) {
      last.onopen = last.onmessage = last.onerror = last.onclose = null;
      last.close(1000, 'done');
    }
  };
}
