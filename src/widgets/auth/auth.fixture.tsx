/** Renders <Auth> on a real platform and session (core/session's scripted-server harness). */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { RegisterType } from '../../core/contract/auth';
import type { RuntimeConfig, SystemConfigEntry } from '../../core/contract/types';
import type { PrimitiveAtom } from '../../core/state/store';
import { createHarness, makeToken } from '../../core/session/session.fixture';
import type { Handler, Harness } from '../../core/session/session.fixture';
import { PlatformProvider } from '../_shared/platform-context';
import { Auth } from './auth';
import type { AuthProps } from './auth';

/** A login answer with tokens (expiring in 15 minutes). */
export function tokensFor(uid = '10000007') {
  const exp = Math.floor(Date.now() / 1000) + 900;
  return { token: makeToken({ exp, uid }), refreshToken: 'r-1', qrcodeStatus: 1, expiresAt: exp * 1000 };
}

/** A rendered <Auth> with its harness and spies on its outputs. */
export interface RenderedAuth extends RenderResult {
  h: Harness;
  onLogin: ReturnType<typeof vi.fn>;
  onNavigate: ReturnType<typeof vi.fn>;
  byTestId: <E extends HTMLElement = HTMLInputElement>(id: string) => E;
  allByTestId: <E extends HTMLElement = HTMLInputElement>(id: string) => E[];
}

/** Render `<Auth {...props}>` once the config (and the given system config) has loaded. */
export async function renderAuth(
  props: AuthProps = {},
  options: {
    systemConfigs?: SystemConfigEntry[];
    handlers?: Record<string, Handler>;
    navigate?: boolean;
    /** The brand's registration types (the sample config has ['E']). */
    registerTypes?: RegisterType[];
  } = {},
): Promise<RenderedAuth> {
  const h = createHarness({ systemConfigs: options.systemConfigs, handlers: options.handlers });
  const config = await h.platform.ready;
  if (options.registerTypes) {
    const atom = h.platform.atoms.config as PrimitiveAtom<RuntimeConfig | null>;
    h.platform.store.set(atom, {
      ...config,
      brand: { ...config.brand, registerTypes: options.registerTypes },
    });
  }
  await vi.waitFor(() => {
    if (!h.platform.store.get(h.platform.atoms.systemConfig)) throw new Error('system config not loaded');
  });
  const onLogin = vi.fn();
  const onNavigate = vi.fn();
  let view!: RenderResult;
  await act(async () => {
    view = render(
      <PlatformProvider platform={h.platform}>
        <Auth {...props} onLogin={onLogin} onNavigate={options.navigate === false ? undefined : onNavigate} />
      </PlatformProvider>,
    );
  });
  return {
    ...view,
    h,
    onLogin,
    onNavigate,
    byTestId: <E extends HTMLElement>(id: string) => view.getByTestId(id) as E,
    allByTestId: <E extends HTMLElement>(id: string) => view.getAllByTestId(id) as E[],
  };
}

/** Open the country picker once the phone rules have loaded, search and pick the first match. */
export async function chooseCountry(query: string): Promise<void> {
  const button = screen.getByTestId<HTMLButtonElement>('auth-country');
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
  fireEvent.change(screen.getByTestId('auth-country-search'), { target: { value: query } });
  fireEvent.click(screen.getAllByTestId('auth-country-option')[0]!);
}
