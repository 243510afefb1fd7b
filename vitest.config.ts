import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { ramScratchDir } from './scripts/lib/scratch-dir';
import { PREACT_ALIASES } from './scripts/vite-lite';
import { ALONE_FILES, LANE, LANE_FILES, SuiteSequencer } from './tests/e2e/sequencer';

/** RAM-backed scratch space for the server files' data directories when the machine has room (TR56). */
const SCRATCH = ramScratchDir();

/**
 * What the browser projects share: one Chromium for the run, and but for the lane one set of servers
 * (tests/e2e/shared-setup.ts).
 */
const BROWSER_PROJECT = {
  environment: 'node' as const,
  globalSetup: ['tests/e2e/global-setup.ts', 'tests/e2e/browser-server.ts'],
  // A worker runs browser files one after the other and keeps their modules (playwright-core, the steps and
  // fixtures): each file used to import them again, about 0.7 s each (TR22). Each file opens its own contexts; the
  // only state the shared modules hold across files is reset per file (browser.ts).
  isolate: false,
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // A probe of the page (`expect.poll`) waits for what a round trip to the platform and a render bring: vitest's
  // 1-s default failed CI when two browser files and the platform shared the runner's cores (TR59). A probe
  // that holds returns at once, so the bound costs nothing on a passing run.
  expect: { poll: { timeout: 15_000 } },
};

export default defineConfig({
  plugins: [react()],
  test: {
    // Server files as one block, then unit files (TR19); the browser lane first among the browser files (TR60).
    sequence: { sequencer: SuiteSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // vitest defaults to cores − 1 (one worker on 2 cores); see TR1 in docs/decisions.md.
          maxWorkers: 3,
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          // Each file in its own VM context inside a long-lived worker thread: the file's modules are its own
          // (vi.mock stays per file), but jsdom and the worker are set up once per worker, not once per file —
          // half the CPU of a worker thread per file (TR13; SP3 moved from processes to threads).
          pool: 'vmThreads',
          environment: 'node',
          setupFiles: ['src/test-setup.ts'],
          // Property tests and source scans take seconds on two busy cores (TR6).
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        // The lite tk-quotes (EK14): the quotes widget's own test files again, on Preact's React layer as the
        // lite build ships it. Testing Library's main entry is CommonJS: even inlined, its `require('react-dom')`
        // is Node's own and never met the aliases, so it rendered with React. Its ES build is taken instead, inlined
        // with the other packages that import React and with Preact itself, so that the page has one Preact.
        resolve: {
          alias: [
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
            ...PREACT_ALIASES,
          ],
        },
        test: {
          name: 'lite',
          // In the unit and server group, which share one worker count.
          maxWorkers: 3,
          include: ['src/widgets/quotes/*.test.{ts,tsx}', 'src/lite/*.test.{ts,tsx}'],
          // What only React has (its Profiler): `*.react.test.tsx` runs in the unit project only.
          exclude: ['src/widgets/quotes/*.react.test.tsx'],
          pool: 'vmThreads',
          environment: 'node',
          setupFiles: ['src/test-setup.ts', 'src/lite/test-setup.ts'],
          server: {
            deps: {
              inline: [/[\\/]node_modules[\\/](?:@testing-library[\\/]react|@r2wc|jotai|preact)[\\/]/],
            },
          },
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          // Server files mostly wait on PGlite, PostgreSQL and sockets; same count as unit (one group). TR1.
          maxWorkers: 3,
          // A worker keeps its modules from one server file to the next (TR7): importing the app (Fastify,
          // TypeBox schemas, pg, PGlite) cost about 2 s per file. Every file opens its own app and database,
          // so no state is shared; no server file may use vi.mock (server/src/test-isolation.test.ts).
          isolate: false,
          // PGlite's WebAssembly (PostgreSQL) stays on V8's baseline compiler: in a worker that lives a few minutes,
          // TurboFan's compiles of its hot functions cost more CPU than the faster code saves (TR52).
          execArgv: ['--liftoff-only'],
          include: ['server/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/chaos/**/*.test.ts'],
          environment: 'node',
          // A few minutes of price history for a file that does not ask for more (the market's own suites ask
          // for their days); a closed market gets as much of the end of its last session, at most an hour (TR44, TR54).
          // Their throw-away files (PGlite data directories, RabbitMQ's node) on tmpfs when there is room (TR56).
          env: { MARKET_BACKFILL_DAYS: '0.01', ...(SCRATCH ? { TMPDIR: SCRATCH } : {}) },
          // The PGlite template (TR2) and the server bundle its real server processes run (TR64).
          globalSetup: ['server/src/db/test-template.ts', 'scripts/lib/server-build.mjs'],
          setupFiles: ['server/src/db/test-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          ...BROWSER_PROJECT,
          // The files that change their platform for the files after them, as one file on servers of their own,
          // beside the others: first in the group, so that its one worker starts on it at once (TR60).
          name: 'e2e-lane',
          globalSetup: ['tests/e2e/global-setup-lane.ts', 'tests/e2e/browser-server.ts'],
          include: [LANE],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          ...BROWSER_PROJECT,
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          exclude: [...configDefaults.exclude, LANE, ...LANE_FILES, ...ALONE_FILES],
          // Two browser files at a time (TR40): one file's flow (test, page, platform) leaves part of the second
          // core idle. After the unit and server files: vitest groups projects by this order, and a group's
          // projects must share one worker count.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          ...BROWSER_PROJECT,
          // What changes the servers both other projects use (the market sockets, RabbitMQ's node): alone, after
          // them (tests/e2e/sequencer.ts).
          name: 'e2e-serial',
          include: ALONE_FILES,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
