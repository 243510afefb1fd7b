// What bench/lighthouse.ts reads of a Lighthouse result, apart from the run itself (no browser, no server): the
// figures of a page, the median run and the goals, and the checks that a result is of the page it is named after.

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
