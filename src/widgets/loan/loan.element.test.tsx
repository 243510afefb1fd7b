// @vitest-environment jsdom
import { describe, vi } from 'vitest';
import { itAsksToSignIn, useElementHarness } from '../_shared/element-harness.fixture';

const getPlatform = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/runtime/platform'), async (original) => ({ ...(await original()), getPlatform }));

useElementHarness(getPlatform, () => import('./loan.element'));

describe('<tk-loan> as a custom element', () => {
  itAsksToSignIn('tk-loan', '/login?to=/user/loan');
});
