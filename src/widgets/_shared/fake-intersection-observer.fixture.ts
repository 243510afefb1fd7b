/**
 * The IntersectionObserver of the infinite lists' component tests: `reach()` tells the live observers that
 * their sentinel is in view. A list makes its observer in an effect after each page is drawn (and has none
 * while a page loads or after its last page): a test that expects more rows awaits `observed()` first, since a
 * `reach()` between a page's rows being drawn and the observer's effect reaches nothing.
 */
import { waitFor } from '@testing-library/react';

export class FakeIntersectionObserver {
  static live = new Set<FakeIntersectionObserver>();
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    FakeIntersectionObserver.live.add(this);
  }
  disconnect() {
    FakeIntersectionObserver.live.delete(this);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** Resolves once a list observes its sentinel (its next page may be asked for). */
  static async observed() {
    await waitFor(() => {
      if (FakeIntersectionObserver.live.size === 0) throw new Error('no list is observing its sentinel');
    });
  }
  /** Reports the sentinel in view to every live observer (none after the last page: nothing happens). */
  static reach() {
    for (const o of [...FakeIntersectionObserver.live])
      o.callback(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        o as unknown as IntersectionObserver,
      );
  }
}
