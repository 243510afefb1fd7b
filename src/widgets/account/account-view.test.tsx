// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAccount } from './account.fixture';
import type { RenderedAccount } from './account.fixture';
import type { Answer } from '../../core/session/session.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/session/session'), async (original) => ({ ...(await original()), getSession }));

let view: RenderedAccount | undefined;
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  view?.close();
  view = undefined;
  vi.unstubAllGlobals();
});

/** Answers the multipart profile call (through the page's API client) with `answer`. */
function profileServer(view: RenderedAccount, answer: Answer = { code: 0, data: null }) {
  view.h.handlers['waa/user/info/submit'] = () => answer;
  return () => view.h.callsTo('waa/user/info/submit');
}

async function pickAvatar(file: File) {
  fireEvent.click(screen.getByTestId('avatar-button'));
  const drawer = screen.getByRole('dialog', { name: 'Change avatar' });
  const input = within(drawer).getByTestId('avatar-file') as HTMLInputElement;
  await act(async () => fireEvent.change(input, { target: { files: [file] } }));
}

describe('<Account view="account">', () => {
  it('requires a nickname', async () => {
    view = await renderAccount(getSession, { view: 'account' });
    const field = screen.getByLabelText('Nickname');
    fireEvent.change(field, { target: { value: '   ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a nickname');
    expect(field.getAttribute('maxlength')).toBe('140');
  });

  it('asks for an avatar on the first save instead of calling the server', async () => {
    view = await renderAccount(getSession, { view: 'account' });
    const forms = profileServer(view);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    expect(screen.getByRole('alert').textContent).toBe('Please upload an avatar');
    expect(forms()).toHaveLength(0);
  });

  it('uploads the picked avatar with the nickname as multipart and reloads the user', async () => {
    view = await renderAccount(getSession, { view: 'account' });
    const forms = profileServer(view);
    await pickAvatar(new File([new Uint8Array(2048)], 'me.png', { type: 'image/png' }));
    fireEvent.change(screen.getByLabelText('Nickname'), { target: { value: '  Ada L.  ' } });
    const infoCalls = view.h.callsTo('waa/user/info').length;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    expect(forms()).toHaveLength(1);
    expect(forms()[0]?.bearer).toBeTruthy();
    expect((forms()[0]?.body.avatar as File).name).toBe('me.png');
    expect(JSON.parse(String(forms()[0]?.body.metaData))).toEqual({ nickName: 'Ada L.', locale: 'en' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Update successful'));
    expect(view.h.callsTo('waa/user/info').length).toBe(infoCalls + 1);
  });

  it('refuses an image of another type with the allowed extensions', async () => {
    view = await renderAccount(
      getSession,
      { view: 'account' },
      { user: { avatar: 'https://platform.test/a.png' } },
    );
    await pickAvatar(new File([new Uint8Array(10)], 'anim.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^Illegal image extension.*heic, jpg, jpeg, png$/);
  });

  it('shows the camera notice before opening the camera', async () => {
    view = await renderAccount(getSession, { view: 'account' });
    fireEvent.click(screen.getByTestId('avatar-button'));
    fireEvent.click(screen.getByRole('button', { name: 'Take photo' }));
    expect(screen.getByRole('status').textContent).toMatch(/^Please allow camera access/);
  });

  it('logs out only after the confirmation, then goes home', async () => {
    const onNavigate = vi.fn();
    const onLogout = vi.fn();
    view = await renderAccount(getSession, { view: 'account', onNavigate, onLogout });
    fireEvent.click(screen.getByTestId('logout'));
    const drawer = screen.getByRole('dialog', { name: 'Log out' });
    expect(view.h.session.isSignedIn()).toBe(true);
    await act(async () => fireEvent.click(within(drawer).getByRole('button', { name: 'Log out' })));
    expect(view.h.session.isSignedIn()).toBe(false);
    expect(view.h.callsTo('waa/user/logout')).toHaveLength(1);
    expect(onLogout).toHaveBeenCalledOnce();
    expect(onNavigate).toHaveBeenLastCalledWith({ to: '/' });
  });

  it('lists bind email for a phone-registered user of a brand that allows it, and privacy when on', async () => {
    view = await renderAccount(
      getSession,
      { view: 'account' },
      {
        user: { registerType: 'P', email: null },
        systemConfigs: [
          { name: 'user/bindEmail', enable: true },
          { name: 'user/privacy', enable: true },
        ],
      },
    );
    expect(screen.getByTestId('account-bind-email')).toBeTruthy();
    expect(screen.getByTestId('account-privacy')).toBeTruthy();
    view.close();
    view = await renderAccount(getSession, { view: 'account' }, { systemConfigs: [] });
    expect(screen.queryByTestId('account-bind-email')).toBeNull();
    expect(screen.queryByTestId('account-privacy')).toBeNull();
  });
});
