/** A ResizeObserver for jsdom (which lays nothing out): every observed element has the width a test sets. */
import { vi } from 'vitest';

/** The fake; `FakeResizeObserver.resize(w, h)` tells every live observer its elements are now `w` × `h` px. */
export class FakeResizeObserver {
  static live = new Set<FakeResizeObserver>();
  static width = 0;
  /** The height every observed element reports (0 unless a test sets one with `resize`). */
  static height = 0;
  /**
   * Whether `observe()` reports at once (enough for a widget that only reads a width) or only `resize()` does, as
   * a browser reports after the next frame's layout (for a widget that renders in the notice itself).
   */
  static reportsOnObserve = true;
  private readonly targets = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.targets.add(target);
    FakeResizeObserver.live.add(this);
    if (FakeResizeObserver.reportsOnObserve) this.report();
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    FakeResizeObserver.live.delete(this);
  }
  private report() {
    const { width, height } = FakeResizeObserver;
    const entries = [...this.targets].map(
      (target) =>
        ({
          target,
          contentRect: { width, height } as DOMRectReadOnly,
          contentBoxSize: [{ inlineSize: width, blockSize: height }],
          borderBoxSize: [{ inlineSize: width, blockSize: height }],
          devicePixelContentBoxSize: [],
        }) as unknown as ResizeObserverEntry,
    );
    this.callback(entries, this as unknown as ResizeObserver);
  }
  static resize(width: number, height = 0) {
    FakeResizeObserver.width = width;
    FakeResizeObserver.height = height;
    for (const observer of [...FakeResizeObserver.live]) observer.report();
  }
  /** The elements live observers watch now. */
  static observed(): Element[] {
    return [...FakeResizeObserver.live].flatMap((observer) => [...observer.targets]);
  }
}

/**
 * Stub the global ResizeObserver so widgets measure `width` px (undo with vi.unstubAllGlobals); with
 * `{ later: true }` nothing is reported until `FakeResizeObserver.resize()`.
 */
export function stubWidgetWidth(width: number, { later = false }: { later?: boolean } = {}): void {
  FakeResizeObserver.width = width;
  FakeResizeObserver.height = 0;
  FakeResizeObserver.reportsOnObserve = !later;
  FakeResizeObserver.live.clear();
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
}
