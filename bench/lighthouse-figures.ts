// What bench/lighthouse.ts reads of a Lighthouse result, apart from the run itself (no browser, no server): the
// figures of a page, the median run and the goals, and the checks that a result is of the page it is named after.
import { quantile } from './quotes-render/stats';

/** Issue #23's goals for each page. */
export const GOALS = { score: 90, cumulativeLayoutShift: 0.1, totalBlockingTimeMs: 200 } as const;

/** What one Lighthouse run gives of a page. */
export interface PageFigures {
  score: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  speedIndexMs: number;
  /** What the largest contentful paint painted (Lighthouse's label of the element), '' when it names none. */
  largestPaintElement: string;
}

/** The parts of a Lighthouse result (lhr) this bench reads. */
export interface LighthouseResult {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: unknown }>;
  runtimeError?: { code: string; message: string };
  /** Where the page ended after its own redirects (Lighthouse 10 and later). */
  finalDisplayedUrl?: string;
}

/** The element of the largest contentful paint, as Lighthouse's `largest-contentful-paint-element` audit names it. */
function largestPaintElement(lhr: LighthouseResult): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: Array<{ items?: Array<{ node?: { nodeLabel?: string; selector?: string } }> }> } | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node?.selector ?? node?.nodeLabel ?? '';
}

/**
 * The figures of a Lighthouse result of the page at `path` (its path and query). A page that sent its address
 * elsewhere (a wrong parameter, a brand that does not offer it, a session that was lost) throws: its figures
 * would be those of another page under this one's name.
 */
export function figuresOf(lhr: LighthouseResult, path: string): PageFigures {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const final = lhr.finalDisplayedUrl ? new URL(lhr.finalDisplayedUrl) : null;
  const landed = final ? final.pathname + final.search : '(no final address)';
  if (landed !== path)
    throw new Error(`Lighthouse measured ${landed}, not ${path}: the page left its address`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    firstContentfulPaintMs: value('first-contentful-paint'),
    largestContentfulPaintMs: value('largest-contentful-paint'),
    totalBlockingTimeMs: value('total-blocking-time'),
    cumulativeLayoutShift: value('cumulative-layout-shift'),
    speedIndexMs: value('speed-index'),
    largestPaintElement: largestPaintElement(lhr),
  };
}

/** The run with the median score (Lighthouse's own advice for noisy runs). */
export function medianRun(runs: readonly PageFigures[]): PageFigures {
  if (runs.length === 0) throw new Error('no Lighthouse run');
  return [...runs].sort((a, b) => a.score - b.score)[Math.floor((runs.length - 1) / 2)]!;
}

/** Whether a page meets every goal. */
export function meetsGoals(figures: PageFigures): boolean {
  return (
    figures.score >= GOALS.score &&
    figures.cumulativeLayoutShift <= GOALS.cumulativeLayoutShift &&
    figures.totalBlockingTimeMs <= GOALS.totalBlockingTimeMs
  );
}

/** Lighthouse's calibration of the CPU slowdown: benchmark index → slowdown, linear between these points. */
const CALIBRATION: ReadonlyArray<readonly [index: number, slowdown: number]> = [
  [150, 1],
  [800, 2],
  [1300, 3],
  [1533, 4],
];

/**
 * Lighthouse's CPU slowdown for a host of this benchmark index, so that its mobile profile stands for the same
 * phone on any machine (EK43). Lighthouse's default 4× is right for a host of index about 1,533; its throttling
 * guide tells a faster or slower host to calibrate, and its calculator's anchors are these: 150 → 1×, 800 → 2×,
 * 1,300 → 3×, then 1× more per 233 (1,533 → 4×, 2,000 → 6×). Linear between anchors and on past the last one,
 * 1× below the first, rounded to a tenth.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0)
    throw new Error(`not a benchmark index: ${benchmarkIndex}`);
  if (benchmarkIndex <= CALIBRATION[0]![0]) return 1;
  // The segment the index falls in; past the last point, the last segment goes on.
  const upper = CALIBRATION.findIndex(([index]) => index >= benchmarkIndex);
  const at = upper === -1 ? CALIBRATION.length - 1 : upper;
  const [i0, s0] = CALIBRATION[at - 1]!;
  const [i1, s1] = CALIBRATION[at]!;
  return Math.round((s0 + ((benchmarkIndex - i0) / (i1 - i0)) * (s1 - s0)) * 10) / 10;
}

/** The middle value of the host's benchmark index measurements (Lighthouse's own measure, a few apart). */
export function medianIndex(indexes: readonly number[]): number {
  if (indexes.length === 0) throw new Error('no benchmark index');
  return quantile(indexes, 0.5);
}
