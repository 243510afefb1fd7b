/**
 * The market feed (MP4–MP6): `app.market.source` as every module sees it, in one process or several. The
 * process that holds the lease `market` runs the seeded simulator and sends each round's ticks on the bus
 * (`market:ticks`); every other process applies the ticks it hears exactly as the holder applies its own
 * (quote book, candles in memory, publisher, the `onTick` listeners of triggers, alerts, options, sockets).
 * A process that takes the lease over continues from its book's quotes at the current time, so prices go on
 * from where they were. A follower forwards pins, releases and steps to the holder (`market:control`).
 * Alone on its database, the feed is its simulator: nothing changes.
 */
import { toScaledInt } from '../../../src/core/domain/decimal';
import type { Instrument } from './instruments';
import type { Tick } from './price-source';
import { createSimulator, MAX_PIN_UNITS, type ResumePoint, type Simulator } from './simulator';

/** What the feed needs of the cluster module (structural, so the market builds without it in tests). */
export interface FeedBus {
  readonly shared: boolean;
  publish(channel: string, body: unknown): Promise<void>;
  subscribe(channel: string, handler: (body: unknown) => void): () => void;
  /** After the bus's link came back from a cut. */
  onResume?(handler: () => void): () => void;
}

/** The market's price source in either role. */
export interface MarketFeed extends Simulator {
  /** True while this process runs the simulator (always, alone on its database). */
  readonly holding: boolean;
  /** Becomes the holder: a fresh feed keeps its simulator, a follower resumes one from its quotes. */
  take(): void;
  /** Stops simulating and follows the bus. */
  giveUp(): void;
  /**
   * Resolves true once this process's quote of `symbol` has `bid` (at once on the holder), false after
   * `timeoutMs`: a follower's pin is done when the holder's tick comes back on the bus.
   */
  whenQuoted(symbol: string, bid: number, timeoutMs?: number): Promise<boolean>;
  /** Ends the subscriptions (close). */
  close(): void;
}

export interface FeedOptions {
  instruments: readonly Instrument[];
  /** The simulator built at start (it ran the backfill); it is the holder's while no tick was followed. */
  initial: Simulator;
  seed: number;
  tickMs: number;
  now: () => number;
  onError: (error: unknown) => void;
  bus: FeedBus;
}

export const TICKS_CHANNEL = 'market:ticks';
export const CONTROL_CHANNEL = 'market:control';
/** A message's ticks stay well under the bus limit (7,600 bytes) with their envelope. */
const CHUNK_BYTES = 7_000;

/** One tick on the wire: symbol, time, bid, ask, volume. */
type WireTick = [string, number, number, number, number];

type Control =
  | { op: 'pin'; symbol: string; bid: number; holdMs: number | null }
  | { op: 'release'; symbol: string }
  | { op: 'step'; to: number }
  /** A process that joined (or whose bus link came back) asks the holder for every current quote. */
  | { op: 'quotes' };

const isWireTick = (value: unknown): value is WireTick =>
  Array.isArray(value) &&
  value.length === 5 &&
  typeof value[0] === 'string' &&
  value.slice(1).every((n) => Number.isSafeInteger(n));

/** Splits a round's ticks into bus messages under the size limit. */
export function chunkTicks(ticks: readonly Tick[]): WireTick[][] {
  const chunks: WireTick[][] = [];
  let chunk: WireTick[] = [];
  let bytes = 0;
  for (const t of ticks) {
    const wire: WireTick = [t.symbol, t.time, t.bid, t.ask, t.volume];
    const size = JSON.stringify(wire).length + 1;
    if (bytes + size > CHUNK_BYTES && chunk.length > 0) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(wire);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/** A simulator continuing `quotes` from `startMs` on (a takeover): prices go on from where they were. */
function resumedSimulator(
  options: FeedOptions,
  quotes: ReadonlyMap<string, Tick>,
  startMs: number,
): Simulator {
  const resume = new Map<string, ResumePoint>();
  for (const [symbol, quote] of quotes) resume.set(symbol, { bid: quote.bid, time: quote.time });
  const { instruments, seed, tickMs, now, onError } = options;
  return createSimulator({ instruments, seed, tickMs, now, onError, startMs, resume });
}

/** The holder does what a follower forwarded; false for a request of every quote (the caller answers it). */
function obey(simulator: Simulator, body: unknown): boolean {
  const message = body as Control | null;
  if (message?.op === 'quotes') return false;
  if (message?.op === 'pin') simulator.pin(message.symbol, message.bid, message.holdMs ?? undefined);
  else if (message?.op === 'release') simulator.release(message.symbol);
  else if (message?.op === 'step' && Number.isSafeInteger(message.to)) simulator.stepTo(message.to);
  return true;
}

/** The ticks of a `market:ticks` message (its malformed or unknown entries left out); null when it is none. */
function decodeTicks(body: unknown, known: ReadonlyMap<string, unknown>): Tick[] | null {
  const list = (body as { q?: unknown } | null)?.q;
  if (!Array.isArray(list)) return null;
  return list
    .filter((wire): wire is WireTick => isWireTick(wire) && known.has(wire[0]))
    .map(([symbol, time, bid, ask, volume]) => ({ symbol, time, bid, ask, volume }));
}

/** The quote a pin makes, as the simulator rounds it to the price step (a follower's answer before the tick). */
function pinnedQuote(instrument: Instrument, bid: number, time: number): Tick {
  const stepUnits = Number(toScaledInt(instrument.pip, instrument.pricePrecision));
  const steps = Math.max(1, Math.round(bid / stepUnits));
  const ask = (steps + instrument.spreadPips) * stepUnits;
  return { symbol: instrument.productCode, time, bid: steps * stepUnits, ask, volume: 0 };
}

/** Resolves true at the first tick of `symbol` at `bid`, false after `timeoutMs`. */
function tickWith(
  listeners: Set<(tick: Tick) => void>,
  symbol: string,
  bid: number,
  timeoutMs: number,
): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      listeners.delete(watch);
      resolve(ok);
    };
    const watch = (tick: Tick) => {
      if (tick.symbol === symbol && tick.bid === bid) done(true);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    listeners.add(watch);
  });
}

/** The feed over the start's simulator; a follower until `take()` (called at once by a lone process's lease). */
export function createMarketFeed(options: FeedOptions): MarketFeed {
  const { bus, now } = options;
  const bySymbol = new Map(options.instruments.map((i) => [i.productCode, i]));
  const listeners = new Set<(tick: Tick) => void>();
  const quotes = new Map<string, Tick>();
  for (const symbol of bySymbol.keys()) {
    const quote = options.initial.current(symbol);
    // A simulator resumed from candles dates its quotes at the next minute; among several processes the
    // holder's ticks of this minute must still replace them, so a follower's start quotes are no later than now.
    if (quote) quotes.set(symbol, bus.shared ? { ...quote, time: Math.min(quote.time, now()) } : quote);
  }
  let active: Simulator | undefined;
  let unlisten: (() => void) | undefined;
  let running = false;
  /** True until this process followed a tick or gave the lease up: its start's simulator is still current. */
  let fresh = true;
  let followedTime = options.initial.time;
  let outbox: Tick[] = [];
  let sending: Promise<void> = Promise.resolve();

  const emit = (tick: Tick) => {
    const known = quotes.get(tick.symbol);
    if (!known || tick.time >= known.time) quotes.set(tick.symbol, tick);
    for (const listener of listeners) listener(tick);
  };

  /** The round's ticks leave together once the round is over (one message per chunk, in order). */
  const send = () => {
    const ticks = outbox;
    outbox = [];
    for (const chunk of chunkTicks(ticks)) {
      sending = sending
        .then(() => bus.publish(TICKS_CHANNEL, { q: chunk }))
        .catch((error: unknown) => options.onError(error));
    }
  };

  const own = (simulator: Simulator) => {
    unlisten?.();
    const off = simulator.onTick((tick) => {
      emit(tick);
      if (!bus.shared || active !== simulator) return;
      if (outbox.length === 0) queueMicrotask(send);
      outbox.push(tick);
    });
    unlisten = () => void off();
  };
  own(options.initial);

  const follow = (body: unknown) => {
    if (active) return;
    const ticks = decodeTicks(body, bySymbol);
    if (!ticks) return;
    fresh = false;
    for (const tick of ticks) {
      followedTime = Math.max(followedTime, tick.time);
      try {
        emit(tick);
      } catch (error) {
        options.onError(error);
      }
    }
  };

  const control = (body: unknown) => {
    if (!active) return;
    const simulator = active;
    if (obey(simulator, body)) return;
    // The holder's quotes as they are, even of closed markets that will not tick for hours.
    outbox.push(...[...bySymbol.keys()].flatMap((symbol) => simulator.current(symbol) ?? []));
    send();
  };

  const forward = (message: Control) => {
    sending = sending
      .then(() => bus.publish(CONTROL_CHANNEL, message))
      .catch((error: unknown) => options.onError(error));
  };

  const subscriptions = [bus.subscribe(TICKS_CHANNEL, follow), bus.subscribe(CONTROL_CHANNEL, control)];
  if (bus.shared) {
    // A follower's quotes of instruments that do not tick (a closed market) come from the holder, not from
    // the candles written before it started; after a cut of the bus, the ones the gap changed too.
    forward({ op: 'quotes' });
    const offResume = bus.onResume?.(() => {
      if (!active) forward({ op: 'quotes' });
    });
    if (offResume) subscriptions.push(offResume);
  }

  return {
    get holding() {
      return active !== undefined;
    },
    get time() {
      return active?.time ?? followedTime;
    },
    take() {
      if (active) return;
      const simulator = fresh
        ? options.initial
        : resumedSimulator(options, quotes, Math.max(now(), followedTime));
      active = simulator;
      own(simulator);
      if (running) simulator.start();
    },
    giveUp() {
      if (!active) return;
      active.stop();
      followedTime = Math.max(followedTime, active.time);
      active = undefined;
      fresh = false;
      unlisten?.();
      unlisten = undefined;
    },
    start() {
      running = true;
      active?.start();
    },
    stop() {
      running = false;
      active?.stop();
    },
    onTick(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: (symbol) => (active ? active.current(symbol) : quotes.get(symbol)),
    stepTo(utcMs, stepMs) {
      if (active) active.stepTo(utcMs, stepMs);
      else if (Number.isSafeInteger(utcMs)) forward({ op: 'step', to: utcMs });
    },
    pin(symbol, bid, holdMs) {
      if (active) return active.pin(symbol, bid, holdMs);
      const instrument = bySymbol.get(symbol);
      if (!instrument || !Number.isSafeInteger(bid) || bid <= 0 || bid > MAX_PIN_UNITS) return undefined;
      const hold = holdMs === undefined || !Number.isFinite(holdMs) ? null : holdMs;
      forward({ op: 'pin', symbol, bid, holdMs: hold });
      return pinnedQuote(instrument, bid, Math.max(now(), quotes.get(symbol)?.time ?? 0));
    },
    release(symbol) {
      if (active) return active.release(symbol);
      if (!bySymbol.has(symbol)) return false;
      forward({ op: 'release', symbol });
      return true;
    },
    whenQuoted(symbol, bid, timeoutMs = 3000) {
      if (quotes.get(symbol)?.bid === bid || active?.current(symbol)?.bid === bid)
        return Promise.resolve(true);
      return tickWith(listeners, symbol, bid, timeoutMs);
    },
    close() {
      for (const off of subscriptions) off();
      unlisten?.();
    },
  };
}
