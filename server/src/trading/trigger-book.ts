/**
 * The in-memory trigger book: per symbol, one indexed binary heap per (side, direction). A tick looks at the
 * top of four heaps and pops only what fires, so it costs O(fired · log n) and O(1) when nothing fires,
 * whatever the number of armed positions. Removal is O(log n) through each node's heap position.
 */
import type { TriggerBook, TriggerEntry, TriggerKind } from './trigger-types';
import { IndexedHeap } from '../../../src/core/domain/indexed-heap';

interface Node {
  entry: TriggerEntry;
  /** Heap order key: the level for 'up' heaps (min-heap), minus the level for 'down' heaps. */
  key: number;
  /** Arming order, so that entries at one level fire in the order they were armed. */
  seq: number;
  heap: Heap;
  pos: number;
}

type Heap = IndexedHeap<Node>;

/** The four heaps of one symbol, indexed by side ('bid' 0, 'ask' 2) + direction ('down' 0, 'up' 1). */
type SymbolHeaps = [Heap, Heap, Heap, Heap];

function heapIndex(entry: TriggerEntry): 0 | 1 | 2 | 3 {
  if (entry.side === 'bid') return entry.when === 'up' ? 1 : 0;
  return entry.when === 'up' ? 3 : 2;
}
const entryKey = (orderId: string, kind: TriggerKind) => `${kind}:${orderId}`;

/** Creates an empty trigger book. */
export function createTriggerBook(): TriggerBook {
  const symbols = new Map<string, SymbolHeaps>();
  const byOrder = new Map<string, Map<string, Node>>();
  let seq = 0;
  let size = 0;

  function detach(node: Node): void {
    node.heap.remove(node);
    size -= 1;
  }

  function forget(node: Node): void {
    const nodes = byOrder.get(node.entry.orderId);
    if (!nodes) return;
    nodes.delete(entryKey(node.entry.orderId, node.entry.kind));
    if (nodes.size === 0) byOrder.delete(node.entry.orderId);
  }

  /** Pops every node of the heap whose key is at or below the threshold. */
  function drain(heap: Heap, threshold: number, fired: TriggerEntry[]): void {
    for (let node = heap.top(); node && node.key <= threshold; node = heap.top()) {
      detach(node);
      forget(node);
      fired.push(node.entry);
    }
  }

  return {
    upsert(entry) {
      if (!Number.isFinite(entry.level)) throw new RangeError(`trigger level is not finite: ${entry.level}`);
      const key = entryKey(entry.orderId, entry.kind);
      let nodes = byOrder.get(entry.orderId);
      const previous = nodes?.get(key);
      if (previous) detach(previous);
      let heaps = symbols.get(entry.symbol);
      if (!heaps) {
        heaps = [
          new IndexedHeap<Node>(),
          new IndexedHeap<Node>(),
          new IndexedHeap<Node>(),
          new IndexedHeap<Node>(),
        ];
        symbols.set(entry.symbol, heaps);
      }
      const stored = { ...entry };
      const node: Node = {
        entry: stored,
        key: entry.when === 'up' ? entry.level : -entry.level,
        seq: seq++,
        heap: heaps[0],
        pos: 0,
      };
      heaps[heapIndex(entry)].push(node);
      size += 1;
      if (!nodes) {
        nodes = new Map();
        byOrder.set(entry.orderId, nodes);
      }
      nodes.set(key, node);
    },

    removeOrder(orderId) {
      const nodes = byOrder.get(orderId);
      if (!nodes) return;
      for (const node of nodes.values()) detach(node);
      byOrder.delete(orderId);
    },

    remove(orderId, kind) {
      const node = byOrder.get(orderId)?.get(entryKey(orderId, kind));
      if (!node) return;
      detach(node);
      forget(node);
    },

    evaluate(symbol, bid, ask) {
      const heaps = symbols.get(symbol);
      const fired: TriggerEntry[] = [];
      if (!heaps) return fired;
      // 'down' heaps hold minus the level: price ≤ level ⇔ −level ≤ −price.
      drain(heaps[0], -bid, fired);
      drain(heaps[1], bid, fired);
      drain(heaps[2], -ask, fired);
      drain(heaps[3], ask, fired);
      return fired;
    },

    size: () => size,
  };
}
