import { afterEach, describe, expect, it } from 'vitest';
import { setBackgroundWrites, writeAtOnce, writeInBackground } from './background-writes';

afterEach(() => setBackgroundWrites(writeAtOnce));

describe('background writes (EK58)', () => {
  it('writes at once without a runner, and through the runner once the page gives one', () => {
    const done: string[] = [];
    writeInBackground(() => done.push('at once'));
    expect(done).toEqual(['at once']);
    const held: Array<() => void> = [];
    setBackgroundWrites((writes) => held.push(writes));
    writeInBackground(() => done.push('held'));
    expect(done).toEqual(['at once']);
    held.forEach((writes) => writes());
    expect(done).toEqual(['at once', 'held']);
  });
});
