/**
 * The page's one polite voice for trading events (issue #22, decisions SR1–SR3): fills, closes with their P&L
 * in words, stop-outs and option settlements, each said once per page however many widgets show it.
 *
 * Every trading widget (and the host) mounts an empty, visually hidden `role="status"` region; a message is
 * written into the host's region, else the oldest widget region still in the document, never into one made
 * together with its text (screen readers do not read a region that appears with its content). Ticks never reach it: it hears the exchange
 * socket's events and settlement pushes, not its lists. Its strings are a namespace of their own (announce.json),
 * loaded with this module, so no widget's first paint carries them.
 */
import { useEffect, useRef } from 'react';
import type { CSSProperties } from 'react';
import type { OptionOrder } from '../../core/contract/options';
import type { MarketOrder } from '../../core/contract/trading';
import type { ExchangeEvent, ExchangeSnapshot } from '../../core/feeds/exchange-feed';
import english from '../../core/i18n/locales/en/announce.json';
import { addStrings, loadNamespaces } from '../../core/i18n/i18n';
import type { LocaleFiles } from '../../core/i18n/i18n';
import { pageSingletonMap } from '../../core/runtime/page-singleton';
import type { Platform } from '../../core/runtime/types';
import { getSession } from '../../core/session/session';
import { getOrders } from '../../core/state/orders';
import { createTradingApi } from '../../core/trading/trading-api';
import { closeWords, fillWords, optionWords } from './announce-text';
import { usePlatform } from './platform-context';
import type { Translate } from './use-t';

const NAMESPACE = 'announce';
const STRINGS: LocaleFiles = {
  english: { [NAMESPACE]: english },
  languages: () => import('./announce.locales'),
};

/** Keys of the messages said lately: an event heard twice (a push and a poll, two widgets) is said once. */
const REMEMBERED = 200;
/** How long a market order's fill waits for the socket to list the position (for its fill price). */
export const FILL_PRICE_WAIT_MS = 5000;

/**
 * Visually hidden, inline: the host mounts a region outside any widget, where no widget CSS applies. Pinned to
 * the top corner of its containing block: left at its place after a form taller than its scrolling panel, the
 * 1 px box would lengthen the page (the layout matrix's "page scrolls").
 */
const HIDDEN: CSSProperties = {
  position: 'absolute',
  insetBlockStart: 0,
  insetInlineStart: 0,
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
};

interface Voice {
  /** The mounted regions, the page's own first, then the widgets' oldest first; the first one in the document speaks. */
  regions: HTMLElement[];
  said: string[];
  /** How many mounted regions hear the exchange socket (see AnnouncerProps.events). */
  hearing: number;
  /** Stops hearing the exchange socket (while no region asks for it, nobody would hear). */
  stop: (() => void) | null;
}

const voices = pageSingletonMap<Platform, Voice>(
  'announcer',
  () => ({ regions: [], said: [], hearing: 0, stop: null }),
  (voice) => voice.stop?.(),
);

const translateWith =
  (platform: Platform): Translate =>
  (key, vars) =>
    platform.i18n.t(key, vars ?? {}) as string;

/** Adds the announcer's strings to the page and loads them in the language it shows (English if that fails). */
function loadStrings(platform: Platform): Promise<void> {
  addStrings(platform.i18n, STRINGS);
  return loadNamespaces(platform.i18n, [NAMESPACE]).catch(() => undefined);
}

/**
 * Says `compose`'s text once under `key` (`fill:<order>`, `close:<order>`, `option:<uid>`) in the page's
 * region. Answers false when it was said before, nothing is mounted to say it, or there is nothing to say.
 */
export async function announce(
  platform: Platform,
  key: string,
  compose: (t: Translate) => string | null,
): Promise<boolean> {
  const voice = voices.get(platform);
  if (voice.said.includes(key)) return false;
  await loadStrings(platform);
  const region = voice.regions.find((r) => r.isConnected);
  if (!region || voice.said.includes(key)) return false;
  const text = compose(translateWith(platform));
  if (!text) return false;
  voice.said.push(key);
  if (voice.said.length > REMEMBERED) voice.said.shift();
  // A new element each time: an equal message in a row is still an addition the reader announces.
  const line = region.ownerDocument.createElement('p');
  line.textContent = text;
  region.replaceChildren(line);
  return true;
}

/** The order as the server now has it (a closed one with its realised P&L); null when it cannot be read. */
async function readOrder(platform: Platform, uid: string): Promise<MarketOrder | null> {
  const virtual = getSession(platform).getState().virtual;
  const answer = await createTradingApi(platform).queryOrders({ uid, page: 1, limit: 1 }, virtual, {
    silent: true,
  });
  return answer.ok ? (answer.data.list.find((o) => o.id === uid) ?? null) : null;
}

/** A change the server made on its own: a pending order filled, a position closed by a trigger or a stop-out. */
async function announceEvent(platform: Platform, event: ExchangeEvent, snapshot: ExchangeSnapshot) {
  const { kind, orderId } = event;
  if (kind === 'filled') {
    // The open list of the same message holds the position with its fill price.
    const open = snapshot.openOrders?.find((o) => o.id === orderId);
    const order = open ?? event.order ?? (await readOrder(platform, orderId));
    if (order) await announce(platform, `fill:${orderId}`, (t) => fillWords(order, true, t));
    return;
  }
  // The socket's list no longer has a closed order: its realised P&L is read from the order query.
  const closed = await readOrder(platform, orderId);
  const order = closed ?? (event.order ? { ...event.order, profitLoss: null } : null);
  if (order) await announce(platform, `close:${orderId}`, (t) => closeWords(kind, order, t));
}

/** Hears the exchange socket's events and settlement pushes that arrive from now on. */
function watch(platform: Platform): () => void {
  const { feed } = getOrders(platform);
  const now = feed.getSnapshot();
  let eventSeq = now.event?.seq ?? 0;
  let settledSeq = now.optionSettled?.seq ?? 0;
  return feed.subscribe((snapshot) => {
    const { event, optionSettled } = snapshot;
    if (event && event.seq > eventSeq) {
      eventSeq = event.seq;
      void announceEvent(platform, event, snapshot);
    }
    if (optionSettled && optionSettled.seq > settledSeq) {
      settledSeq = optionSettled.seq;
      for (const order of optionSettled.list) void announceOption(platform, order);
    }
  });
}

/** A settled option, from a push or from a settlement drawer's own poll (said once either way). */
export function announceOption(platform: Platform, order: OptionOrder): Promise<boolean> {
  return announce(platform, `option:${order.uid}`, (t) => optionWords(order, t));
}

const isOrder = (value: unknown, id: string): value is MarketOrder =>
  typeof value === 'object' &&
  value !== null &&
  (value as Partial<MarketOrder>).id === id &&
  typeof (value as Partial<MarketOrder>).profitLoss === 'string';

/**
 * A position the trader closed (`listed`, as the list showed it), with the realised P&L of `closeOrder`'s answer;
 * an answer without the order (a backend of the spec may send none) has it read from the order query.
 */
export async function announceClosed(
  platform: Platform,
  listed: MarketOrder,
  answered: unknown,
): Promise<boolean> {
  const closed = isOrder(answered, listed.id) ? answered : await readOrder(platform, listed.id);
  const order = closed ?? { ...listed, profitLoss: null };
  return announce(platform, `close:${listed.id}`, (t) => closeWords('manual', order, t));
}

/** What the order form knows of a market order it placed, for the fill's words before the socket lists it. */
export type PlacedOrder = Pick<MarketOrder, 'tradePair' | 'productName' | 'orderType' | 'orderQuantity'>;

/**
 * A market order the server accepted (`uid`, its order number) is filled: said with its fill price once the
 * socket lists the position, or without it after FILL_PRICE_WAIT_MS.
 */
export function announceMarketFill(platform: Platform, uid: string, placed: PlacedOrder): void {
  const { feed } = getOrders(platform);
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let release: (() => void) | null = null;
  const finish = (order: MarketOrder | null) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    release?.();
    void announce(platform, `fill:${uid}`, (t) =>
      order ? fillWords(order, false, t) : fillWords({ ...placed, openingPrice: '' }, false, t, false),
    );
  };
  release = feed.subscribe((snapshot) => {
    const order = snapshot.openOrders?.find((o) => o.id === uid);
    if (order) finish(order);
  });
  if (done) release();
  else timer = setTimeout(() => finish(null), FILL_PRICE_WAIT_MS);
}

/** Props of Announcer. */
export interface AnnouncerProps {
  /**
   * The page's own region (the host's), which outlives every widget: it speaks whenever it is mounted, so a
   * message is never written into a widget that is about to go (the order page a phone leaves after a buy).
   */
  main?: boolean;
  /**
   * Whether the region also hears the exchange socket's events (opening it while signed in). False where the
   * widget must not open the socket (the option-mode position list polls instead); its region still speaks.
   */
  events?: boolean;
}

/**
 * The visually hidden polite region of a widget or page. Mount it where trading happens; it stays empty until
 * an event is said, and only one region of the page speaks.
 */
export function Announcer({ events = true, main = false }: AnnouncerProps) {
  const platform = usePlatform();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const region = ref.current;
    if (!region) return undefined;
    const voice = voices.get(platform);
    if (main) voice.regions.unshift(region);
    else voice.regions.push(region);
    // Loaded now, so the first message is not late by a file.
    void loadStrings(platform);
    return () => {
      voice.regions = voice.regions.filter((r) => r !== region);
    };
  }, [platform, main]);
  useEffect(() => {
    if (!events) return undefined;
    const voice = voices.get(platform);
    voice.hearing += 1;
    voice.stop ??= watch(platform);
    return () => {
      voice.hearing -= 1;
      if (voice.hearing > 0) return;
      voice.stop?.();
      voice.stop = null;
    };
  }, [platform, events]);
  return (
    <div
      ref={ref}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      style={HIDDEN}
      data-testid="trade-announcer"
    />
  );
}

/** Forget what the page said and its regions (tests only). */
export function resetAnnouncerForTests(platform: Platform): void {
  voices.reset(platform);
}
