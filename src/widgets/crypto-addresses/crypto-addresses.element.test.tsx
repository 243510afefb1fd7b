// @vitest-environment jsdom
import { describe, vi } from 'vitest';
import { itAsksToSignIn, useElementHarness } from '../_shared/element-harness.fixture';

const getPlatform = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/runtime/platform'), async (original) => ({ ...(await original()), getPlatform }));

useElementHarness(getPlatform, () => import('./crypto-addresses.element'));

describe('<tk-crypto-addresses> as a custom element', () => {
  itAsksToSignIn('tk-crypto-addresses', '/login?to=/user/wallet/crypto');
});
