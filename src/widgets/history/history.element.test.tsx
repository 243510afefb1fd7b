// @vitest-environment jsdom
import { describe, vi } from 'vitest';
import { itAsksToSignIn, useElementHarness } from '../_shared/element-harness.fixture';

const getPlatform = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/runtime/platform'), async (original) => ({ ...(await original()), getPlatform }));

useElementHarness(getPlatform, () => import('./history.element'));

describe('<tk-history> as a custom element', () => {
  itAsksToSignIn('tk-history', '/login?to=/history');
});
