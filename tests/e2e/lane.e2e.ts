// The lane (TR60): the browser files that change their platform for the files after them (a pinned price, an edited
// brand, the back office's queues, the server clock) run here one after the other, in LANE_FILES' order, on a set of
// servers of their own (global-setup-lane.ts), while the other browser files run beside them. They are one file
// because vitest runs a project's files as separate tasks on any free worker: one file is one task, so they
// never overlap each other. Each file's tests are under its path; one of them alone:
// `npx vitest run --project e2e-lane -t money-arrivals`.
import { describe } from 'vitest';
import { LANE_FILES } from './sequencer';

for (const file of LANE_FILES) {
  // The file's own hooks (useBrowser's, its afterAll) attach to this block, as they would to its own file.
  describe(file, async () => {
    await import(`../../${file}`);
  });
}
