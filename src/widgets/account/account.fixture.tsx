/**
 * Renders <Account> on a real platform and session (core/session's scripted-server harness), signed in
 * unless told otherwise. Test files mock getSession with `getSessionMock` so the widget meets this session.
 */
import { act, render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import type { Mock } from 'vitest';
import type { UserInfo } from '../../core/contract/users';
import type { SystemConfigEntry } from '../../core/contract/types';
import { createHarness, makeToken, userInfo } from '../../core/session/session.fixture';
import type { Handler, Harness } from '../../core/session/session.fixture';
import { PlatformProvider } from '../_shared/platform-context';
import { Account } from './account';
import type { AccountProps } from './account';

/** Options of renderAccount. */
export interface RenderAccountOptions {
  signedIn?: boolean;
  virtual?: boolean;
  user?: Partial<UserInfo>;
  systemConfigs?: SystemConfigEntry[];
  handlers?: Record<string, Handler>;
  /** Fields of `/config.json` over the sample's. */
  config?: Record<string, unknown>;
}

/** A rendered widget with its harness. */
export interface RenderedAccount extends RenderResult {
  h: Harness;
  /** Render again with new props (as a page re-rendering its widget). */
  update: (props: AccountProps) => void;
  close: () => void;
}

/** Render `<Account {...props}>` after signing in (the default) on a fresh harness. */
export async function renderAccount(
  getSessionMock: Mock,
  props: AccountProps,
  options: RenderAccountOptions = {},
): Promise<RenderedAccount> {
  const virtual = options.virtual ?? false;
  const h = createHarness({
    config: options.config,
    systemConfigs: options.systemConfigs ?? [{ name: 'VIRTUAL_CURRENCY_TRADE', enable: true }],
    handlers: {
      'waa/user/info': () => ({ code: 0, data: { ...userInfo('10000007', virtual), ...options.user } }),
      ...options.handlers,
    },
  });
  getSessionMock.mockReturnValue(h.session);
  await h.platform.ready;
  if (options.signedIn ?? true) {
    const exp = Math.floor(Date.now() / 1000) + 900;
    await h.session.signIn({
      token: makeToken({ exp, virtualStatus: virtual ? '1' : '0' }),
      refreshToken: 'r-1',
      qrcodeStatus: 1,
      expiresAt: exp * 1000,
    });
  }
  const tree = (next: AccountProps) => (
    <PlatformProvider platform={h.platform}>
      <Account {...next} />
    </PlatformProvider>
  );
  let result!: RenderResult;
  await act(async () => {
    result = render(tree(props));
  });
  return {
    ...result,
    h,
    update: (next) => result.rerender(tree(next)),
    close: () => {
      result.unmount();
      h.session.close();
      h.platform.close();
    },
  };
}
