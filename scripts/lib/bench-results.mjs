// The figures of `npm run bench` (issue #23, EK11): each benchmark's figure beside its floor (a baseline measured
// in the same run) and its budget or goal, merged run after run into bench/results/latest.json and rendered as the
// table of the README (between the markers below).

export const README_START = '<!-- bench:start -->';
export const README_END = '<!-- bench:end -->';

/**
 * One row of the table. `value` is the figure in `unit`; `floor` the baseline of the same run (`floorLabel` says
 * what it is: React alone, the bare library, gzip -9 of the same bytes…) and `ratio` = figure / floor; `limit` is a
 * budget (missed: the run fails) or a goal (missed: reported), on the figure or on the ratio, as `max` or `min`;
 * `met` is true or false, null without a limit.
 * @param {{ name: string, value: number, unit: string, floor?: number | null, floorLabel?: string | null,
 *   limit?: { kind: 'budget' | 'goal', on?: 'figure' | 'ratio', max?: number, min?: number } | null,
 *   note?: string }} spec
 */
export function figure({ name, value, unit, floor = null, floorLabel = null, limit = null, note = '' }) {
  if (typeof name !== 'string' || !name) throw new Error('a figure needs a name');
  if (!Number.isFinite(value)) throw new Error(`${name}: the figure is not a number (${value})`);
  if (floor !== null && !(Number.isFinite(floor) && floor > 0)) {
    throw new Error(`${name}: the floor must be a positive number (${floor})`);
  }
  if (limit && (limit.max === undefined) === (limit.min === undefined)) {
    throw new Error(`${name}: a limit has either max or min`);
  }
  if (limit?.on === 'ratio' && floor === null) throw new Error(`${name}: a limit on the ratio needs a floor`);
  const ratio = floor === null ? null : value / floor;
  let met = null;
  if (limit) {
    const measured = limit.on === 'ratio' ? ratio : value;
    met = limit.max !== undefined ? measured <= limit.max : measured >= limit.min;
  }
  return {
    name,
    figure: value,
    unit,
    floor,
    floorLabel,
    ratio,
    limit: limit && { on: 'figure', ...limit },
    met,
    note,
  };
}

/**
 * latest.json after a run: a full run (every benchmark) replaces the file; a partial one replaces the benchmarks it
 * ran and keeps the others with their own dates. Benchmarks come in `order` (the run's list), others after.
 */
export function mergeResults(previous, run, { full, order = [] }) {
  const kept =
    !full && previous && typeof previous.benches === 'object' && previous.benches ? previous.benches : {};
  const merged = { ...kept, ...run.benches };
  const rank = (file) => (order.includes(file) ? order.indexOf(file) : order.length);
  const files = Object.keys(merged).sort((a, b) => rank(a) - rank(b));
  return {
    at: run.at,
    node: run.node,
    cpus: run.cpus,
    benches: Object.fromEntries(files.map((file) => [file, merged[file]])),
  };
}

const grouped = (n, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A figure in its unit, for the table: bytes exact under 20,000 and in KB above, times and rates rounded. */
export function formatValue(value, unit) {
  if (unit === 'B') return value < 20_000 ? `${grouped(value)} B` : `${grouped(value / 1024, 1)} KB`;
  if (unit === 'ms') return `${grouped(value, value < 10 ? 2 : 1)} ms`;
  if (unit === '×') return `${value.toFixed(2)}×`;
  // A count or a score has no unit: no space after it.
  const shown =
    Number.isInteger(value) || Math.abs(value) >= 100 ? grouped(Math.round(value)) : grouped(value, 2);
  return unit ? `${shown} ${unit}` : shown;
}

function formatLimit(row) {
  if (!row.limit) return '—';
  const sign = row.limit.max !== undefined ? '≤' : '≥';
  const bound = row.limit.max ?? row.limit.min;
  const shown = row.limit.on === 'ratio' ? `${bound.toFixed(2)}× floor` : formatValue(bound, row.unit);
  return `${row.limit.kind} ${sign} ${shown}`;
}

/** Markdown cell text: no pipe or line break can break the table. */
const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/** The texts of one figure's columns, shared by the README's table and the console's. */
function describe(row) {
  return {
    name: row.note ? `${row.name} (${row.note})` : row.name,
    figure: formatValue(row.figure, row.unit),
    floor: row.floor === null ? '—' : `${formatValue(row.floor, row.unit)}: ${row.floorLabel}`,
    ratio: row.ratio === null ? '—' : `${row.ratio.toFixed(2)}×`,
    limit: formatLimit(row),
    met: row.met === null ? '—' : row.met ? 'yes' : 'no',
  };
}

/** The console's rows of a run's figures: [name, figure, floor, ratio and limit], as `npm run bench` prints them. */
export function consoleRows(figures) {
  return figures.map((row) => {
    const d = describe(row);
    const judged = row.met === null ? '' : `; ${d.met === 'yes' ? 'met' : 'NOT met'}`;
    const floor = row.floor === null ? '' : `${d.ratio} of ${d.floor}; `;
    return [d.name, d.figure, `${floor}${d.limit}${judged}`];
  });
}

/** The README's table of latest.json: one row per figure, a failed benchmark as one row saying so. */
export function renderTable(results) {
  const lines = [
    '| Benchmark | Figure | Floor (same run) | Ratio | Budget or goal | Met | Run |',
    '| --- | --: | --- | --: | --- | --- | --- |',
  ];
  for (const [file, bench] of Object.entries(results?.benches ?? {})) {
    const day = String(bench.at ?? '').slice(0, 10);
    if (!bench.ok) {
      lines.push(`| ${cell(file)} | failed | — | — | — | **no** | ${day} |`);
      continue;
    }
    for (const row of bench.figures ?? []) {
      const d = describe(row);
      const met = d.met === 'no' ? '**no**' : d.met;
      lines.push(
        `| ${cell(d.name)} | ${d.figure} | ${cell(d.floor)} | ${d.ratio} | ${cell(d.limit)} | ${met} | ${day} |`,
      );
    }
  }
  const at = String(results?.at ?? '').slice(0, 10) || 'never';
  const machine = results?.node ? `Node ${results.node}, ${results.cpus} CPUs` : 'no run yet';
  return [
    `Last run ${at} (${machine}); each row's date is the run that measured it. Written by \`npm run bench\``,
    'from `bench/results/latest.json` (`npm run bench -- --readme` writes it again without running anything).',
    '',
    ...lines,
  ].join('\n');
}

/** `text` with the part between the README markers replaced by `block`; throws when the markers are missing. */
export function replaceBetweenMarkers(text, block) {
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`README.md has no ${README_START} … ${README_END} section for the bench table`);
  }
  return `${text.slice(0, start + README_START.length)}\n\n${block}\n\n${text.slice(end)}`;
}
