/**
 * The in-memory alert book (AL4): per symbol, one indexed binary heap per (price, direction) — bid, ask and
 * the bid + ask sum (twice the mid, so that a mid level stays an exact integer) each rising and falling. A
 * tick looks at the top of six heaps and pops only what fires: O(fired · log n), O(1) when nothing fires,
 * whatever the number of armed alerts. Arming, re-arming and removing are O(log n) through each node's heap
 * position. Built like the trading engine's trigger book, whose entries are orders' fills and exits.
 */
import { IndexedHeap } from '../../../src/core/domain/indexed-heap';

/** Which price an entry watches: the bid, the ask, or bid + ask (a `move_pct` alert's mid, doubled). */
export type AlertSide = 'bid' | 'ask' | 'sum';

/**
 * One armed level of an alert, in units of 10^-pricePrecision like market ticks ('sum' levels in the same
 * units of bid + ask). 'up' fires when the price is at or above the level, 'down' at or below it.
 */
export interface AlertEntry {
  side: AlertSide;
  when: 'up' | 'down';
  level: number;
}

/** An alert as the book holds it: a bid/ask alert has one entry, a `move_pct` alert two (either way). */
export interface ArmedAlert {
  id: string;
  symbol: string;
  /** The stored row's version when armed: a firing of an edited alert's old levels is refused (AL5). */
  version: number;
  entries: readonly AlertEntry[];
}

/** What a tick fired: the alert (removed from the book with all its entries) and the entry that fired. */
export interface FiredAlert {
  alert: ArmedAlert;
  entry: AlertEntry;
}

export interface AlertBook {
  /** Arms an alert, replacing whatever the book held under its id. */
  upsert(alert: ArmedAlert): void;
  /** Disarms an alert (nothing when it is not armed). */
  remove(id: string): void;
  /** The alerts a quote crosses, removed from the book: each is reported once. */
  evaluate(symbol: string, bid: number, ask: number): FiredAlert[];
  /** Armed alerts in total. */
  size(): number;
  /** The ids of the armed alerts. */
  ids(): string[];
}

interface Node {
  alert: ArmedAlert;
  entry: AlertEntry;
  /** Heap order: the level on 'up' heaps (min-heap), minus the level on 'down' heaps. */
  key: number;
  /** Arming order, so that alerts at one level fire in the order they were set. */
  seq: number;
  heap: Heap;
  pos: number;
}

type Heap = IndexedHeap<Node>;

/** Six heaps of one symbol: bid down/up, ask down/up, sum down/up. */
type SymbolHeaps = [Heap, Heap, Heap, Heap, Heap, Heap];
const SIDE_BASE: Record<AlertSide, 0 | 2 | 4> = { bid: 0, ask: 2, sum: 4 };

/** Creates an empty alert book. */
export function createAlertBook(): AlertBook {
  const symbols = new Map<string, SymbolHeaps>();
  const byAlert = new Map<string, Node[]>();
  let seq = 0;

  function disarm(id: string): void {
    const nodes = byAlert.get(id);
    if (!nodes) return;
    for (const node of nodes) node.heap.remove(node);
    byAlert.delete(id);
  }

  /** Pops every alert of the heap whose key is at or below the threshold (with its other entries). */
  function drain(heap: Heap, threshold: number, fired: FiredAlert[]): void {
    for (let node = heap.top(); node && node.key <= threshold; node = heap.top()) {
      disarm(node.alert.id);
      fired.push({ alert: node.alert, entry: node.entry });
    }
  }

  return {
    upsert(alert) {
      for (const entry of alert.entries) {
        if (!Number.isFinite(entry.level)) throw new RangeError(`alert level is not finite: ${entry.level}`);
      }
      disarm(alert.id);
      let heaps = symbols.get(alert.symbol);
      if (!heaps) {
        heaps = [
          new IndexedHeap<Node>(),
          new IndexedHeap<Node>(),
          new IndexedHeap<Node>(),
          new IndexedHeap<Node>(),
          new IndexedHeap<Node>(),
          new IndexedHeap<Node>(),
        ];
        symbols.set(alert.symbol, heaps);
      }
      const stored: ArmedAlert = { ...alert, entries: alert.entries.map((entry) => ({ ...entry })) };
      const nodes: Node[] = [];
      for (const entry of stored.entries) {
        const heap = heaps[SIDE_BASE[entry.side] + (entry.when === 'up' ? 1 : 0)] as Heap;
        const node: Node = {
          alert: stored,
          entry,
          key: entry.when === 'up' ? entry.level : -entry.level,
          seq: seq++,
          heap,
          pos: 0,
        };
        heap.push(node);
        nodes.push(node);
      }
      if (nodes.length > 0) byAlert.set(alert.id, nodes);
    },

    remove: disarm,

    evaluate(symbol, bid, ask) {
      const heaps = symbols.get(symbol);
      const fired: FiredAlert[] = [];
      if (!heaps) return fired;
      const sum = bid + ask;
      // 'down' heaps hold minus the level: price ≤ level ⇔ −level ≤ −price.
      drain(heaps[0], -bid, fired);
      drain(heaps[1], bid, fired);
      drain(heaps[2], -ask, fired);
      drain(heaps[3], ask, fired);
      drain(heaps[4], -sum, fired);
      drain(heaps[5], sum, fired);
      return fired;
    },

    size: () => byAlert.size,
    ids: () => [...byAlert.keys()],
  };
}
