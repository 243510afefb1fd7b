// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAccount } from './account.fixture';
import type { RenderedAccount } from './account.fixture';
import { PASSWORD_REDIRECT_MS } from './change-password';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/session/session'), async (original) => ({ ...(await original()), getSession }));

let view: RenderedAccount | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
  vi.useRealTimers();
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('<Account view="changePassword">', () => {
  it('checks lengths and the repeat before calling the server', async () => {
    view = await renderAccount(getSession, { view: 'changePassword' });
    fill('Old password', 'short');
    fill('New password', 'better-one');
    fill('Confirm new password', 'better-two');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'The password must be more than six characters',
      'The confirmation password is inconsistent with the login password!',
    ]);
    expect(view.h.callsTo('waa/user/password/submit')).toHaveLength(0);
  });

  it('shows 1109 for a wrong old password and stays signed in', async () => {
    view = await renderAccount(
      getSession,
      { view: 'changePassword' },
      {
        handlers: { 'waa/user/password/submit': () => ({ code: 1109, msg: 'wrong old password' }) },
      },
    );
    fill('Old password', 'not-mine-1');
    fill('New password', 'better-one');
    fill('Confirm new password', 'better-one');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/\(1109\)$/));
    expect(view.h.session.isSignedIn()).toBe(true);
  });

  it.each([
    [
      'password: common',
      'This password is too common or contains our brand name, your email or your phone number. Please choose another one.',
    ],
    ['password: length', 'The password must be more than six characters'],
  ])(
    'says at the new password why the server refused it (%s), until that field changes',
    async (msg, text) => {
      view = await renderAccount(
        getSession,
        { view: 'changePassword' },
        { handlers: { 'waa/user/password/submit': () => ({ code: 1001, msg }) } },
      );
      fill('Old password', 'old-secret');
      fill('New password', 'sunshine');
      fill('Confirm new password', 'sunshine');
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
      await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([text]));
      expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
      expect(screen.queryByText(/\(1001\)/)).toBeNull();
      expect(view.h.session.isSignedIn()).toBe(true);
      fill('New password', 'sunshine-after-rain');
      expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBeNull();
      expect(screen.queryAllByRole('alert').map((a) => a.textContent)).not.toContain(text);
    },
  );

  it('shows any other 1001 as the answer of the server', async () => {
    view = await renderAccount(
      getSession,
      { view: 'changePassword' },
      {
        handlers: {
          'waa/user/password/submit': () => ({ code: 1001, msg: 'new password equals the old one' }),
        },
      },
    );
    fill('Old password', 'old-secret');
    fill('New password', 'old-secret');
    fill('Confirm new password', 'old-secret');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/\(1001\)$/));
  });

  it('confirms the change, then signs out and goes to login after 1 s', async () => {
    const onNavigate = vi.fn();
    view = await renderAccount(
      getSession,
      { view: 'changePassword', onNavigate },
      {
        handlers: { 'waa/user/password/submit': () => ({ code: 0, data: null }) },
      },
    );
    fill('Old password', 'old-secret');
    fill('New password', 'new-secret');
    fill('Confirm new password', 'new-secret');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    expect(view.h.callsTo('waa/user/password/submit')[0]?.body).toMatchObject({
      oldPassword: 'old-secret',
      newPassword: 'new-secret',
    });
    expect(screen.getByRole('status').textContent).toBe('Update successful');
    // A page re-rendering with new callbacks (the desktop shell does on every price tick) keeps the timer.
    for (let i = 0; i < 3; i++) {
      await act(async () => vi.advanceTimersByTime((PASSWORD_REDIRECT_MS - 10) / 3));
      act(() => view!.update({ view: 'changePassword', onNavigate: (d) => onNavigate(d) }));
    }
    expect(onNavigate).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(20));
    vi.useRealTimers();
    await vi.waitFor(() => expect(onNavigate).toHaveBeenCalledWith({ to: '/login' }));
    expect(view.h.session.isSignedIn()).toBe(false);
  });
});

describe('<Account view="bindEmail">', () => {
  const allowed = [{ name: 'user/bindEmail', enable: true }];

  it('keeps Done disabled while the address is invalid or unchanged', async () => {
    view = await renderAccount(
      getSession,
      { view: 'bindEmail' },
      {
        user: { registerType: 'P', email: null },
        systemConfigs: allowed,
      },
    );
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done.hasAttribute('disabled')).toBe(true);
    fill('Email', 'ada@example');
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
    expect(done.hasAttribute('disabled')).toBe(true);
    fill('Email', 'ada@example.com');
    expect(done.hasAttribute('disabled')).toBe(false);
    expect(screen.getByLabelText('Email').getAttribute('maxlength')).toBe('140');
  });

  it('binds the address and returns to the account page', async () => {
    const onNavigate = vi.fn();
    view = await renderAccount(
      getSession,
      { view: 'bindEmail', onNavigate },
      {
        user: { registerType: 'P', email: null },
        systemConfigs: allowed,
        handlers: { 'waa/user/bind/email/submit': (body) => ({ code: 0, data: { email: body.email } }) },
      },
    );
    fill('Email', ' ada@example.com ');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    expect(view.h.callsTo('waa/user/bind/email/submit')[0]?.body).toEqual({ email: 'ada@example.com' });
    expect(onNavigate).toHaveBeenCalledWith({ to: '/user/account' });
  });

  it.each([
    ['an email-registered user', { registerType: 'E' as const }, allowed],
    ['a brand without the switch', { registerType: 'P' as const }, []],
  ])('sends %s back to /user', async (_, user, systemConfigs) => {
    const onNavigate = vi.fn();
    view = await renderAccount(getSession, { view: 'bindEmail', onNavigate }, { user, systemConfigs });
    await vi.waitFor(() => expect(onNavigate).toHaveBeenCalledWith({ to: '/user' }));
    expect(screen.queryByLabelText('Email')).toBeNull();
  });
});
