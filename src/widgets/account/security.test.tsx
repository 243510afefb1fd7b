// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userInfo } from '../../core/session/session.fixture';
import { renderAccount } from './account.fixture';
import type { RenderedAccount } from './account.fixture';
import { deviceName } from './device-name';
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
    ...devicesServer([device('cur', true, DESK)]),
  };
}

const DESK = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/156.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Safari/604.1';
const LAST = Date.UTC(2026, 10, 30, 9, 15);

function device(id: string, current: boolean, userAgent: string | null, ip: string | null = '203.0.113.7') {
  return { id, current, createdAt: LAST - 3_600_000, lastActiveAt: LAST, ip, userAgent, demo: false };
}

/** The device list of a user whose `ended` sessions go away when signed out (one by one or all others). */
function devicesServer(start: ReturnType<typeof device>[]) {
  let live = start;
  return {
    'waa/user/sessions': () => ({ code: 0, data: live }),
    'waa/user/sessions/end': (body: Record<string, unknown>) => {
      const found = live.find((s) => s.id === body.id && !s.current);
      if (!found) return { code: 1008, msg: 'data not found' };
      live = live.filter((s) => s !== found);
      return { code: 0, data: null };
    },
    'waa/user/sessions/endOthers': () => {
      const ended = live.filter((s) => !s.current).length;
      live = live.filter((s) => s.current);
      return { code: 0, data: { ended } };
    },
  };
}

describe('<Account view="security">', () => {
  it('sets up the second factor with a QR code, the secret and a 6-digit code', async () => {
    view = await renderAccount(getSession, { view: 'security' }, { handlers: totpServer() });
    expect(screen.getByTestId('totp-status').textContent).toContain('Off');
    await act(async () => fireEvent.click(screen.getByTestId('totp-setup')));
    // The QR encoder is a chunk of its own, loaded with the setup.
    const qr = await screen.findByRole('img', { name: 'QR code for the authenticator app' });
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

describe('<Account view="security"> signed-in devices', () => {
  const devices = () => screen.getAllByTestId('device');

  it('lists each device by browser and system, this one marked, with its address and last activity', async () => {
    const handlers = {
      ...totpServer(),
      ...devicesServer([
        device('cur', true, DESK),
        device('p', false, PHONE, null),
        device('x', false, 'curl/8.5'),
      ]),
    };
    view = await renderAccount(getSession, { view: 'security' }, { handlers });
    await waitFor(() => expect(devices()).toHaveLength(3));
    const [mine, phone, unknown] = devices();
    expect(mine!.textContent).toMatch(
      /^Chrome on macOSThis deviceLast active 2026-11-30 \d\d:15:00 UTC[+-]?[\d:]*Signed in from 203\.0\.113\.7$/,
    );
    expect(mine!.querySelector('button')).toBeNull();
    // No address recorded: no address line.
    expect(phone!.textContent).toMatch(/^Safari on iOSLast active .*Sign out$/);
    expect(unknown!.textContent).toMatch(
      /^Unknown deviceLast active .*Signed in from 203\.0\.113\.7Sign out$/,
    );
    expect(screen.getByRole('button', { name: 'Sign out: Safari on iOS' })).toBeTruthy();
  });

  it('signs one device out, then all the others, reading the list again each time', async () => {
    const handlers = {
      ...totpServer(),
      ...devicesServer([device('cur', true, DESK), device('p', false, PHONE), device('q', false, DESK)]),
    };
    view = await renderAccount(getSession, { view: 'security' }, { handlers });
    await waitFor(() => expect(devices()).toHaveLength(3));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out: Safari on iOS' })));
    expect(view.h.callsTo('waa/user/sessions/end')[0]?.body).toEqual({ id: 'p' });
    await waitFor(() => expect(devices()).toHaveLength(2));
    expect(screen.getByRole('status').textContent).toBe('That device is signed out.');
    await act(async () => fireEvent.click(screen.getByTestId('devices-sign-out-others')));
    await waitFor(() => expect(devices()).toHaveLength(1));
    expect(screen.getByRole('status').textContent).toBe('Other devices signed out: 1');
    expect(screen.queryByTestId('devices-sign-out-others')).toBeNull();
    expect(screen.getByText('No other device is signed in.')).toBeTruthy();
  });

  it('shows the server’s refusal and says when the list cannot be loaded', async () => {
    const handlers = {
      ...totpServer(),
      'waa/user/sessions': () => ({ code: 1008, msg: 'data not found' }),
    };
    view = await renderAccount(getSession, { view: 'security' }, { handlers });
    await waitFor(() => expect(screen.getByText('The list of devices could not be loaded.')).toBeTruthy());
    expect(screen.queryAllByTestId('device')).toHaveLength(0);
  });
});

describe('deviceName', () => {
  it('names the browser and the system people know, and nothing it cannot tell', () => {
    const edge =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36 Edg/156.0';
    const android =
      'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36';
    const ipad =
      'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Safari/604.1';
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
    const headless =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/156.0.0.0 Safari/537.36';
    expect([edge, android, ipad, firefox, headless, PHONE, DESK, 'curl/8.5', null].map(deviceName)).toEqual([
      { browser: 'Edge', os: 'Windows' },
      { browser: 'Chrome', os: 'Android' },
      { browser: 'Safari', os: 'iPadOS' },
      { browser: 'Firefox', os: 'Linux' },
      { browser: 'Chrome', os: 'Linux' },
      { browser: 'Safari', os: 'iOS' },
      { browser: 'Chrome', os: 'macOS' },
      { browser: null, os: null },
      { browser: null, os: null },
    ]);
  });
});

describe('groupSecret', () => {
  it('groups a base32 secret by four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDE')).toBe('ABCD E');
  });
});
