// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../core/session/session';
import { PlatformProvider } from '../../widgets/_shared/platform-context';
import { createTestPlatform } from '../../widgets/_shared/test-platform.fixture';
import { useHostBalance, useHostSession, useHostUser } from './use-host-session';

afterEach(cleanup);

describe('the host session hooks (EK62)', () => {
  it("render a component that asks for the session's state alone without the polled balance or the user", async () => {
    const { platform } = createTestPlatform();
    const session = getSession(platform);
    const renders = { state: 0, balance: 0, user: 0 };
    function StateOnly() {
      useHostSession();
      renders.state++;
      return null;
    }
    function Balance() {
      const balance = useHostBalance();
      renders.balance++;
      return <p data-testid="balance">{balance?.balanceAmount ?? '—'}</p>;
    }
    function User() {
      useHostUser();
      renders.user++;
      return null;
    }
    const { getByTestId } = render(
      <PlatformProvider platform={platform}>
        <StateOnly />
        <Balance />
        <User />
      </PlatformProvider>,
    );
    const start = { ...renders };
    // The session's atoms are read-only outside it; the test writes the balance as its polls do.
    const write = platform.store.set as (atom: unknown, value: unknown) => void;
    act(() => write(session.atoms.balance, { balanceAmount: '10.00', lockMargin: '0.00' }));
    act(() => write(session.atoms.balance, { balanceAmount: '11.00', lockMargin: '0.00' }));
    expect(getByTestId('balance').textContent).toBe('11.00');
    expect(renders).toEqual({ state: start.state, balance: start.balance + 2, user: start.user });
    // The platform's start (config.json, then the brand's live settings' code) ends inside the test.
    await platform.ready;
    await vi.dynamicImportSettled();
    platform.close();
  });
});
