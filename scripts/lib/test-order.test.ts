// The order `npm test` queues its files in (tests/e2e/sequencer.ts; decisions CK7, TR19, TR40, TR60).
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ALONE_FILES,
  CLOCK_MOVERS,
  LANE,
  LANE_FILES,
  SERVER_CHANGERS,
  orderFiles,
} from '../../tests/e2e/sequencer';

const file = (project: string, moduleId: string) => ({
  project: { name: project },
  moduleId: `/repo/${moduleId}`,
});

describe('the order of the test files', () => {
  it('queues the server files as one block, then the unit files, the lite ones, then the browser files, each in the given order', () => {
    const given = [
      file('lite', 'src/widgets/quotes/quotes.test.tsx'),
      file('unit', 'src/a.test.ts'),
      file('server', 'server/src/big.test.ts'),
      file('e2e', 'tests/e2e/chart.e2e.ts'),
      file('unit', 'src/b.test.ts'),
      file('server', 'server/src/small.test.ts'),
    ];
    expect(orderFiles(given).map((f) => f.moduleId.replace('/repo/', ''))).toEqual([
      'server/src/big.test.ts',
      'server/src/small.test.ts',
      'src/a.test.ts',
      'src/b.test.ts',
      'src/widgets/quotes/quotes.test.tsx',
      'tests/e2e/chart.e2e.ts',
    ]);
  });

  it('queues the lane first among the browser files and the file that runs alone after them', () => {
    const given = [
      file('e2e-serial', ALONE_FILES[0]!),
      file('e2e', 'tests/e2e/trading-journey.e2e.ts'),
      file('e2e-lane', LANE),
      file('e2e', 'tests/e2e/chart.e2e.ts'),
    ];
    expect(orderFiles(given).map((f) => f.moduleId.replace('/repo/', ''))).toEqual([
      LANE,
      'tests/e2e/trading-journey.e2e.ts',
      'tests/e2e/chart.e2e.ts',
      ALONE_FILES[0],
    ]);
  });

  it('runs the server changers before the clock movers in the lane', () => {
    expect(LANE_FILES).toEqual([...SERVER_CHANGERS, ...CLOCK_MOVERS]);
    expect(LANE_FILES.at(-1)).toBe('tests/e2e/loan-overdue.e2e.ts');
  });

  it('names only browser files that exist, each in one place', () => {
    // A renamed file would leave the lane silently and run beside the others, on the platform they share.
    const named = [LANE, ...LANE_FILES, ...ALONE_FILES];
    for (const name of named)
      expect(existsSync(resolve(import.meta.dirname, '../..', name)), name).toBe(true);
    expect(new Set(named).size).toBe(named.length);
    const all = readdirSync(resolve(import.meta.dirname, '../../tests/e2e')).filter((n) =>
      n.endsWith('.e2e.ts'),
    );
    // Every other browser file runs two at a time with the others: at least one is left to them.
    expect(all.length).toBeGreaterThan(named.length);
  });

  it('queues a project it does not know after the others', () => {
    const given = [file('other', 'x.test.ts'), file('e2e', 'tests/e2e/chart.e2e.ts')];
    expect(orderFiles(given).map((f) => f.project.name)).toEqual(['e2e', 'other']);
  });
});
