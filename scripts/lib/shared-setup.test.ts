// One platform and one Chromium for both browser projects (tests/e2e/shared-setup.ts, TR40).
import { describe, expect, it } from 'vitest';
import type { TestProject } from 'vitest/node';
import { sharedSetup } from '../../tests/e2e/shared-setup';

/** A project that records what it was given. */
function project(): { given: Record<string, unknown>; project: TestProject } {
  const given: Record<string, unknown> = {};
  const provide = (name: string, value: unknown) => {
    given[name] = value;
  };
  return { given, project: { provide } as unknown as TestProject };
}

describe('a global setup shared by several projects', () => {
  it('starts once, provides to each project and stops after the last teardown', async () => {
    let starts = 0;
    let stops = 0;
    const setup = sharedSetup(`test-${Math.random()}`, async () => {
      starts += 1;
      return {
        provided: { baseUrl: `http://127.0.0.1:${4000 + starts}` },
        stop: async () => void (stops += 1),
      };
    });
    const first = project();
    const second = project();
    const [teardownFirst, teardownSecond] = await Promise.all([setup(first.project), setup(second.project)]);
    expect(starts).toBe(1);
    expect(first.given).toEqual({ baseUrl: 'http://127.0.0.1:4001' });
    expect(second.given).toEqual(first.given);
    await teardownSecond();
    expect(stops).toBe(0);
    await teardownFirst();
    expect(stops).toBe(1);
  });

  it('starts again once every project has torn down', async () => {
    let starts = 0;
    const setup = sharedSetup(`test-${Math.random()}`, async () => {
      starts += 1;
      return { provided: {}, stop: async () => undefined };
    });
    await (
      await setup(project().project)
    )();
    await (
      await setup(project().project)
    )();
    expect(starts).toBe(2);
  });

  it('gives every project the failure of a start that failed', async () => {
    const setup = sharedSetup(`test-${Math.random()}`, async () => {
      throw new Error('no PostgreSQL');
    });
    await expect(setup(project().project)).rejects.toThrow('no PostgreSQL');
    await expect(setup(project().project)).rejects.toThrow('no PostgreSQL');
  });
});
