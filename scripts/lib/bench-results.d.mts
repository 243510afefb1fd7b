/** A budget (missed: the run fails) or a goal (missed: reported), on the figure or on figure / floor. */
export interface Limit {
  kind: 'budget' | 'goal';
  on?: 'figure' | 'ratio';
  max?: number;
  min?: number;
}

/** One row of the bench table, as latest.json stores it. */
export interface Figure {
  name: string;
  figure: number;
  unit: string;
  floor: number | null;
  floorLabel: string | null;
  ratio: number | null;
  limit: (Limit & { on: 'figure' | 'ratio' }) | null;
  met: boolean | null;
  note: string;
}

/** One benchmark's entry in latest.json. */
export interface BenchEntry {
  at: string;
  ok: boolean;
  key?: string;
  error?: string;
  figures: Figure[];
  result?: unknown;
}

/** bench/results/latest.json. */
export interface Results {
  at: string;
  node: string;
  cpus: number;
  benches: Record<string, BenchEntry>;
}

export const README_START: string;
export const README_END: string;
export function figure(spec: {
  name: string;
  value: number;
  unit: string;
  floor?: number | null;
  floorLabel?: string | null;
  limit?: Limit | null;
  note?: string;
}): Figure;
export function mergeResults(
  previous: unknown,
  run: Results,
  options: { full: boolean; order?: readonly string[] },
): Results;
export function formatValue(value: number, unit: string): string;
export function renderTable(results: Results | null | undefined): string;
export function replaceBetweenMarkers(text: string, block: string): string;
