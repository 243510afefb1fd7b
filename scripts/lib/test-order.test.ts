// The order `npm test` queues its files in (tests/e2e/sequencer.ts; decisions CK7, TR19, TR40).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLOCK_MOVERS, SERIAL_FILES, SERVER_CHANGERS, orderFiles } from '../../tests/e2e/sequencer';

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

  it('puts the browser files that move the server clock last, in their own order', () => {
    const movers = [...CLOCK_MOVERS].reverse().map((id) => file('e2e-serial', id));
    const changers = SERVER_CHANGERS.map((id) => file('e2e-serial', id));
    const given = [...movers, ...changers, file('e2e', 'tests/e2e/trading-journey.e2e.ts')];
    expect(orderFiles(given).map((f) => f.moduleId.replace('/repo/', ''))).toEqual([
      'tests/e2e/trading-journey.e2e.ts',
      ...SERVER_CHANGERS,
      ...CLOCK_MOVERS,
    ]);
  });

  it('names only browser files that exist, once each', () => {
    // A renamed file would leave the serial list silently and run beside the others.
    for (const name of SERIAL_FILES)
      expect(existsSync(resolve(import.meta.dirname, '../..', name)), name).toBe(true);
    expect(new Set(SERIAL_FILES).size).toBe(SERIAL_FILES.length);
  });

  it('queues a project it does not know after the others', () => {
    const given = [file('other', 'x.test.ts'), file('e2e', 'tests/e2e/chart.e2e.ts')];
    expect(orderFiles(given).map((f) => f.project.name)).toEqual(['e2e', 'other']);
  });
});
