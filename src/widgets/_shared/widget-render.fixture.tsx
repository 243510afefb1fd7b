/** Rendering a widget on a scripted platform (core/session's harness), signed in when the test asks. */
import { act, render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { makeToken } from '../../core/session/session.fixture';
import type { Harness } from '../../core/session/session.fixture';
import { PlatformProvider } from './platform-context';

/** Signs the harness's session in for 15 minutes, to the demo account with `virtual`. */
export async function signInTo(h: Harness, virtual = false): Promise<void> {
  const exp = Math.floor(Date.now() / 1000) + 900;
  await h.session.signIn({
    token: makeToken({ exp, virtualStatus: virtual ? '1' : '0' }),
    refreshToken: 'r-1',
    qrcodeStatus: 1,
    expiresAt: exp * 1000,
  });
}

/** Renders `element` under the harness's platform, inside act(). */
export async function renderOn(h: Harness, element: ReactElement): Promise<RenderResult> {
  let result!: RenderResult;
  await act(async () => {
    result = render(<PlatformProvider platform={h.platform}>{element}</PlatformProvider>);
  });
  return result;
}
