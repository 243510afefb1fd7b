// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userInfo } from '../../core/session/session.fixture';
import { renderAccount } from './account.fixture';
import type { RenderedAccount } from './account.fixture';
import { groupSecret } from './security';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/session/session'), async (original) => ({ ...(await original()), getSession }));

let view: RenderedAccount | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
});

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** A server whose second factor turns on and off through the endpoints, accepting only `good`. */
function totpServer(good = '246810') {
  let enabled = false;
  return {
    'waa/user/info': () => ({ code: 0, data: { ...userInfo(), totpEnabled: enabled } }),
    'waa/user/totp/setup': () => ({
      code: 0,
      data: {
        secret: SECRET,
        otpauthUri: `otpauth://totp/TradeKit:ada%40example.com?secret=${SECRET}&issuer=TradeKit`,
      },
    }),
    'waa/user/totp/enable': (body: Record<string, unknown>) =>
      body.code === good ? ((enabled = true), { code: 0, data: null }) : { code: 1020, msg: 'invalid code' },
    'waa/user/totp/disable': (body: Record<string, unknown>) =>
      body.code === good ? ((enabled = false), { code: 0, data: null }) : { code: 1020, msg: 'invalid code' },
  };
}

describe('<Account view="security">', () => {
  it('sets up the second factor with a QR code, the secret and a 6-digit code', async () => {
    view = await renderAccount(getSession, { view: 'security' }, { handlers: totpServer() });
    expect(screen.getByTestId('totp-status').textContent).toContain('Off');
    await act(async () => fireEvent.click(screen.getByTestId('totp-setup')));
    const qr = screen.getByRole('img', { name: 'QR code for the authenticator app' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M4 4h1v1h-1z/);
    expect(screen.getByTestId('totp-secret').textContent).toBe(groupSecret(SECRET));
    const code = screen.getByLabelText('Enter the 6-digit code shown in the app') as HTMLInputElement;
    fireEvent.change(code, { target: { value: '24a68 10 9' } });
    expect(code.value).toBe('246810');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on' })));
    expect(view.h.callsTo('waa/user/totp/enable')[0]?.body).toEqual({ code: '246810' });
    expect(screen.getByTestId('totp-status').textContent).toContain('On');
    expect(screen.queryByRole('img', { name: 'QR code for the authenticator app' })).toBeNull();
  });

  it('clears and refocuses the code after a rejected one', async () => {
    view = await renderAccount(getSession, { view: 'security' }, { handlers: totpServer() });
    await act(async () => fireEvent.click(screen.getByTestId('totp-setup')));
    const code = screen.getByLabelText('Enter the 6-digit code shown in the app') as HTMLInputElement;
    fireEvent.change(code, { target: { value: '111111' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on' })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/\(1020\)$/));
    expect(code.value).toBe('');
    expect(document.activeElement).toBe(code);
    expect(screen.getByTestId('totp-status').textContent).toContain('Off');
  });

  it('turns the second factor off with a current code', async () => {
    const handlers = totpServer();
    view = await renderAccount(
      getSession,
      { view: 'security' },
      {
        handlers: {
          ...handlers,
          'waa/user/info': () => ({ code: 0, data: { ...userInfo(), totpEnabled: true } }),
        },
      },
    );
    expect(screen.queryByTestId('totp-setup')).toBeNull();
    fireEvent.change(screen.getByLabelText(/to turn it off$/), { target: { value: '246810' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn off' })));
    expect(view.h.callsTo('waa/user/totp/disable')[0]?.body).toEqual({ code: '246810' });
  });
});

describe('groupSecret', () => {
  it('groups a base32 secret by four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDE')).toBe('ABCD E');
  });
});
