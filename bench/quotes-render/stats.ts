// Figures of the quote render benchmarks: quantiles and the summary every timing list is reported as.

/** The value at quantile `q` (0…1) of `values` (nearest rank); NaN when there is none. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Round to 3 decimals for the JSON line (null stays null: JSON has no NaN). */
export function round(value: number): number | null {
  return Number.isFinite(value) ? Math.round(value * 1000) / 1000 : null;
}

/** p50 / p95 / p99 / max of a list of milliseconds, rounded. */
export function summary(values: readonly number[]) {
  return {
    n: values.length,
    p50: round(quantile(values, 0.5)),
    p95: round(quantile(values, 0.95)),
    p99: round(quantile(values, 0.99)),
    max: round(values.length ? Math.max(...values) : NaN),
  };
}
