import type { SnapshotProvider } from './types';

/** Snapshot providers keyed by exact destination or by prefix (`/topic/price.*`). */
export class SnapshotRegistry {
  private readonly exact = new Map<string, SnapshotProvider>();
  /** Longest prefix first, so the most specific registration answers. */
  private prefixes: Array<[string, SnapshotProvider]> = [];

  /** Registers (or with undefined removes) the provider of `pattern`. */
  set(pattern: string, provider: SnapshotProvider | undefined): void {
    if (pattern.endsWith('*')) {
      const prefix = pattern.slice(0, -1);
      this.prefixes = this.prefixes.filter(([p]) => p !== prefix);
      if (provider) this.prefixes.push([prefix, provider]);
      this.prefixes.sort((a, b) => b[0].length - a[0].length);
    } else if (provider) {
      this.exact.set(pattern, provider);
    } else {
      this.exact.delete(pattern);
    }
  }

  /** The provider answering for `destination`, if any. */
  find(destination: string): SnapshotProvider | undefined {
    return this.exact.get(destination) ?? this.prefixes.find(([p]) => destination.startsWith(p))?.[1];
  }
}
