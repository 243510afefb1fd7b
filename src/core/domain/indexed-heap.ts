/**
 * A binary min-heap whose nodes know their own position, so that any node is removed in O(log n), not only the
 * top: the trading trigger book and the price-alert book keep one per (symbol, side, direction) and disarm an
 * entry wherever it sits. Order: the smaller `key`, then the smaller `seq` (arming order, so entries at one
 * level come out in the order they went in).
 */

/** What the heap needs of a node; it writes `heap` and `pos` itself. */
export interface HeapNode<N extends HeapNode<N>> {
  key: number;
  seq: number;
  heap: IndexedHeap<N>;
  pos: number;
}

const before = <N extends HeapNode<N>>(a: N, b: N) => a.key < b.key || (a.key === b.key && a.seq < b.seq);

export class IndexedHeap<N extends HeapNode<N>> {
  readonly nodes: N[] = [];

  /** The node with the smallest key, if any. */
  top(): N | undefined {
    return this.nodes[0];
  }

  push(node: N): void {
    node.heap = this;
    this.nodes.push(node);
    this.up(node, this.nodes.length - 1);
  }

  remove(node: N): void {
    const last = this.nodes.pop();
    if (!last || last === node) return;
    this.put(last, node.pos);
    this.up(last, last.pos);
    this.down(last, last.pos);
  }

  private put(node: N, at: number): void {
    this.nodes[at] = node;
    node.pos = at;
  }

  private up(node: N, at: number): void {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      const above = this.nodes[parent] as N;
      if (!before(node, above)) break;
      this.put(above, at);
      at = parent;
    }
    this.put(node, at);
  }

  private down(node: N, at: number): void {
    const { nodes } = this;
    for (;;) {
      const left = 2 * at + 1;
      let child = nodes[left];
      if (!child) break;
      const right = nodes[left + 1];
      let childAt = left;
      if (right && before(right, child)) [child, childAt] = [right, left + 1];
      if (!before(child, node)) break;
      this.put(child, at);
      at = childAt;
    }
    this.put(node, at);
  }
}
