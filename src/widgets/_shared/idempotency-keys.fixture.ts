/**
 * The money forms' Idempotency-Key rule (spec AC.3), as their widget tests check it: one key per submission, the
 * same key on a retry after a lost answer, a new one after a changed form or an answered submission.
 */
import { expect } from 'vitest';
import type { Answer } from '../../core/session/session.fixture';

/** A scripted endpoint whose first two answers are lost (an HTTP error without the envelope), then `then`. */
export function lostTwiceThen(then: Answer): () => Answer {
  const lost: Answer[] = [{ http: 503 }, { http: 503 }];
  return () => lost.shift() ?? then;
}

/** A spy on `api.call` (vi.spyOn), as far as the checks read it. */
type CallSpy = { mock: { calls: ReadonlyArray<readonly unknown[]> } };

/** The `idempotencyKey` option of every `api.call` to `path` a spy on `api.call` saw, oldest first. */
function keysSent(spy: CallSpy, path: string): unknown[] {
  return spy.mock.calls
    .filter(([endpoint]) => (endpoint as { path?: string }).path === path)
    .map(([, , options]) => (options as { idempotencyKey?: string } | undefined)?.idempotencyKey);
}

/**
 * Four submissions over `lostTwiceThen`, then their keys: `send(n)` submits once and waits for the n-th call, and
 * `change` edits the form between the second and the third. The retry repeats the first key (both answers were
 * lost); the change and the answer each end one.
 */
export async function expectKeysOfRetryChangeAnswer(
  spy: CallSpy,
  path: string,
  send: (n: number) => Promise<void>,
  change: () => unknown,
): Promise<void> {
  await send(1);
  await send(2);
  await change();
  await send(3);
  await send(4);
  const keys = keysSent(spy, path);
  expect(keys).toHaveLength(4);
  expect(keys.every((key) => typeof key === 'string' && key.length === 32)).toBe(true);
  expect(keys[1]).toBe(keys[0]);
  expect(new Set(keys.slice(1)).size).toBe(3);
}
