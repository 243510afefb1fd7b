// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, okBody, operatorSession, renderApp, type Answer, type Handler } from './app.fixture';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

const NOT_SIGNED_IN: Answer = { status: 401, body: { code: 400, msg: 'admin token required', data: null } };
const GIVEN = 'given-Xq7pL2vR9sT4wZ1a';
const OWN = 'my own passphrase 2026';
const PASSWORD = '/admin/v1/operators/password';

/** A finance operator whose session was opened with a first password (a reload: `me` says so). */
function firstPasswordRoutes(chosen: Handler) {
  return mockFetch({
    'GET /admin/v1/operators/me': () => okBody(operatorSession(['finance'], { mustChangePassword: true })),
    [`POST ${PASSWORD}`]: chosen,
    'GET /admin/v1/deposits': () => okBody({ list: [] }),
  });
}

function fill(values: { current: string; new: string; repeat: string }) {
  for (const [name, value] of Object.entries(values)) {
    fireEvent.change(screen.getByTestId(`bo-password-${name}`), { target: { value } });
  }
}

describe('<ChoosePassword> in the back office', () => {
  it('follows a sign-in with a first password with the password step alone, then opens the pages', async () => {
    let signedIn = false;
    const { impl, calls } = mockFetch({
      'GET /admin/v1/operators/me': () => (signedIn ? okBody(operatorSession(['finance'])) : NOT_SIGNED_IN),
      'POST /admin/v1/operators/login': () => {
        signedIn = true;
        return okBody(operatorSession(['finance'], { mustChangePassword: true }));
      },
      [`POST ${PASSWORD}`]: () => okBody(operatorSession(['finance'])),
      'GET /admin/v1/deposits': () => okBody({ list: [] }),
    });
    renderApp(impl);
    fireEvent.change(await screen.findByTestId('bo-email'), { target: { value: 'fin@ops.example' } });
    fireEvent.change(screen.getByTestId('bo-password'), { target: { value: GIVEN } });
    fireEvent.change(screen.getByTestId('bo-code'), { target: { value: '246810' } });
    fireEvent.click(screen.getByTestId('bo-submit'));

    const step = await screen.findByTestId('bo-choose-password');
    expect(step.textContent).toContain('Choose your password');
    // Nothing else before it: no section, no queue asked for; signing out stays possible.
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(calls.some((call) => call.url.startsWith('/admin/v1/deposits'))).toBe(false);
    expect(screen.getByTestId('bo-sign-out')).toBeTruthy();
    expect(screen.getByTestId('bo-password-new').getAttribute('autocomplete')).toBe('new-password');

    fill({ current: GIVEN, new: OWN, repeat: OWN });
    await act(async () => fireEvent.click(screen.getByTestId('bo-password-submit')));
    expect(await screen.findByTestId('bo-queue-empty')).toBeTruthy();
    expect(screen.queryByTestId('bo-choose-password')).toBeNull();
    expect(screen.getByTestId('bo-nav-deposits')).toBeTruthy();
    expect(screen.getByTestId('toast').textContent).toContain('Your password is saved.');
    const sent = calls.find((call) => call.url === PASSWORD);
    expect(sent?.body).toEqual({ password: GIVEN, newPassword: OWN });
    expect(sent?.headers['x-tk-backoffice']).toBe('1');
  });

  it.each([
    [{ current: GIVEN, new: 'eleven-char', repeat: 'eleven-char' }, 'at least 12 characters'],
    [{ current: GIVEN, new: GIVEN, repeat: GIVEN }, 'other than the one you were given'],
    [{ current: GIVEN, new: OWN, repeat: `${OWN}!` }, 'The two new passwords differ.'],
  ])('checks %j before sending it: "%s"', async (values, message) => {
    const { impl, calls } = firstPasswordRoutes(() => okBody(operatorSession(['finance'])));
    renderApp(impl);
    await screen.findByTestId('bo-choose-password');
    fill(values);
    fireEvent.click(screen.getByTestId('bo-password-submit'));
    expect((await screen.findByTestId('bo-password-error')).textContent).toContain(message);
    expect(calls.some((call) => call.url === PASSWORD)).toBe(false);
  });

  it("shows the server's refusal with its code, and the sign-in page once the session has ended", async () => {
    let answer: Answer = { body: { code: 1109, msg: 'wrong old password', data: null } };
    const { impl } = firstPasswordRoutes(() => answer);
    renderApp(impl);
    await screen.findByTestId('bo-choose-password');
    fill({ current: 'not-what-was-given', new: OWN, repeat: OWN });
    await act(async () => fireEvent.click(screen.getByTestId('bo-password-submit')));
    expect((await screen.findByTestId('bo-password-error')).textContent).toContain('(1109)');
    answer = NOT_SIGNED_IN;
    await act(async () => fireEvent.click(screen.getByTestId('bo-password-submit')));
    expect(await screen.findByTestId('bo-email')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('30 minutes without activity');
  });

  it.each(['common', 'context'])(
    'says why the server refused a %s password, not its bare code (SEC7, SEC8)',
    async (rule) => {
      const { impl } = firstPasswordRoutes(() => ({
        body: { code: 1001, msg: `password: ${rule}`, data: null },
      }));
      renderApp(impl);
      await screen.findByTestId('bo-choose-password');
      fill({ current: 'given-password-0123', new: OWN, repeat: OWN });
      await act(async () => fireEvent.click(screen.getByTestId('bo-password-submit')));
      const error = (await screen.findByTestId('bo-password-error')).textContent;
      expect(error).toContain('too common or contains our brand name');
      expect(error).not.toContain('1001');
    },
  );

  // BO13: a password the operator chose, changed from the top bar with the same call.
  it('changes a chosen password from the top bar: its own texts, cancel, the checks, then back to the page', async () => {
    const { impl, calls } = mockFetch({
      'GET /admin/v1/operators/me': () => okBody(operatorSession(['finance'])),
      [`POST ${PASSWORD}`]: () => okBody(operatorSession(['finance'])),
      'GET /admin/v1/deposits': () => okBody({ list: [] }),
    });
    renderApp(impl);
    await screen.findByTestId('bo-queue-empty');
    fireEvent.click(screen.getByTestId('bo-change-password'));
    const form = screen.getByTestId('bo-choose-password');
    expect(form.textContent).toContain('Change your password');
    expect(form.textContent).toContain('Current password');
    expect(form.textContent).not.toContain('you were given');
    // The page waits behind it, hidden, as it was.
    expect(screen.getByTestId('bo-queue-empty').closest('main')?.hidden).toBe(true);
    // Cancel: the page again, nothing sent.
    fireEvent.click(screen.getByTestId('bo-password-cancel'));
    expect(screen.getByTestId('bo-queue-empty').closest('main')?.hidden).toBe(false);
    expect(screen.queryByTestId('bo-choose-password')).toBeNull();

    fireEvent.click(screen.getByTestId('bo-change-password'));
    fill({ current: OWN, new: OWN, repeat: OWN });
    fireEvent.click(screen.getByTestId('bo-password-submit'));
    expect((await screen.findByTestId('bo-password-error')).textContent).toContain(
      'other than your current one',
    );
    expect(calls.some((call) => call.url === PASSWORD)).toBe(false);
    const next = 'another passphrase 2027';
    fill({ current: OWN, new: next, repeat: next });
    await act(async () => fireEvent.click(screen.getByTestId('bo-password-submit')));
    await waitFor(() => expect(screen.queryByTestId('bo-choose-password')).toBeNull());
    expect(screen.getByTestId('bo-queue-empty').closest('main')?.hidden).toBe(false);
    expect(screen.getByTestId('toast').textContent).toContain('Your password is saved.');
    expect(calls.filter((call) => call.url === PASSWORD).map((call) => call.body)).toEqual([
      { password: OWN, newPassword: next },
    ]);
  });

  it('offers no password change during the first password step (the step is the change)', async () => {
    const { impl } = firstPasswordRoutes(() => okBody(operatorSession(['finance'])));
    renderApp(impl);
    await screen.findByTestId('bo-choose-password');
    expect(screen.queryByTestId('bo-change-password')).toBeNull();
    expect(screen.queryByTestId('bo-password-cancel')).toBeNull();
  });
});
