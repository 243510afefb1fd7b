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

/** A widget rendered on a harness; close() unmounts it and shuts the session and the platform. */
export interface RenderedWidget extends RenderResult {
  h: Harness;
  close(): void;
}

/**
 * Renders `element` on `h` once its platform is ready, signed in first unless `signedIn` is false (to the
 * demo account with `virtual`); `cleanup` runs at the end of close().
 */
export async function renderWidget(
  h: Harness,
  element: ReactElement,
  options: { signedIn?: boolean | undefined; virtual?: boolean | undefined; cleanup?: () => void } = {},
): Promise<RenderedWidget> {
  await h.platform.ready;
  if (options.signedIn ?? true) await signInTo(h, options.virtual);
  const result = await renderOn(h, element);
  return {
    ...result,
    h,
    close: () => {
      result.unmount();
      h.session.close();
      h.platform.close();
      options.cleanup?.();
    },
  };
}
