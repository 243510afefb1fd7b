// @vitest-environment jsdom
// The standards and invite views of <tk-account> (issue #21) and the menu rows that open them.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Handler } from '../../core/session/session.fixture';
import { renderAccount } from './account.fixture';
import type { RenderedAccount } from './account.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/session/session'), async (original) => ({ ...(await original()), getSession }));

let view: RenderedAccount | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
});

const STANDARDS_ON = [{ name: 'user/standards', enable: true }];
const product = (productCode: string, feeType: string, feeValue: string) => ({
  productCode,
  feeType,
  feeValue,
});
const coin = (id: number, currency: string, min: string, max: string) => ({
  id,
  currency,
  protocol: 'TRC20',
  address: 'T',
  said: '',
  minWithdrawAmount: min,
  maxWithdrawAmount: max,
  logoUrl: '',
});

/** The platform's figures: products' fees, the coin list and the withdraw quote. */
function figures(fee: string, min: string, max: string, quote: { feeType: string; feeNum: string }) {
  const calculate = vi.fn<Handler>(() => ({ code: 0, data: { ...quote, type: quote.feeType } }));
  return {
    calculate,
    handlers: {
      'wa-na/forex/product/list': () => ({
        code: 0,
        data: [
          product('EURUSD', 'PERCENTAGE', fee),
          product('XAUUSD', 'PERCENTAGE', fee),
          product('CU', 'FIX_AMOUNT', '5'),
        ],
      }),
      'waa/cryptocurrency/simple/find/all': () => ({
        code: 0,
        data: {
          dtoList: [coin(3, 'BTC', '0.001', '100'), coin(7, 'USDT', min, max), coin(8, 'USDT', '500', '20')],
        },
      }),
      'waa/user/withdraw/calculate': calculate,
    } satisfies Record<string, Handler>,
  };
}

describe('<Account view="standards">', () => {
  it("states the platform's own trading fee, withdrawal fee and limits, and free transfers", async () => {
    const { handlers, calculate } = figures('0.2', '50', '10000000', { feeType: 'FIX_AMOUNT', feeNum: '25' });
    view = await renderAccount(getSession, { view: 'standards' }, { systemConfigs: STANDARDS_ON, handlers });
    await waitFor(() =>
      expect(screen.getByTestId('standards-trading-fee').textContent).toBe(
        'Trading fee: 0.2 % of the position value on most products.',
      ),
    );
    expect(screen.getByTestId('standards-withdrawal-fee').textContent).toBe(
      'Withdrawals: 25 USDT per withdrawal of 50 to 10,000,000 USDT.',
    );
    // The quote asked is the smallest withdrawal on the USDT network with the lowest minimum.
    expect(calculate.mock.calls[0]?.[0]).toMatchObject({ currencyId: 7, num: '50' });
    expect(screen.getByText('Transfers between your accounts and wallets are free.')).toBeTruthy();
    expect(screen.getByTestId('standards-reach').textContent).toContain('183 countries and regions');
    expect(screen.getByTestId('standards-assets').textContent).toContain('More than 6,000 assets');
  });

  it('follows another brand’s settings, and names no figure the platform did not give', async () => {
    const { handlers } = figures('0.15', '100', '250000', { feeType: 'PERCENTAGE', feeNum: '0.5' });
    view = await renderAccount(getSession, { view: 'standards' }, { systemConfigs: STANDARDS_ON, handlers });
    await waitFor(() => expect(screen.getByTestId('standards-trading-fee').textContent).toContain('0.15 %'));
    expect(screen.getByTestId('standards-withdrawal-fee').textContent).toBe(
      'Withdrawals: 0.5 % per withdrawal of 100 to 250,000 USDT.',
    );
    view.close();
    view = await renderAccount(
      getSession,
      { view: 'standards' },
      { systemConfigs: STANDARDS_ON, handlers: { 'waa/user/withdraw/calculate': () => ({ code: 1074 }) } },
    );
    await waitFor(() =>
      expect(screen.getByTestId('standards-withdrawal-fee').textContent).toBe(
        'The withdrawal fee is shown in the withdraw form before you confirm.',
      ),
    );
    expect(screen.getByTestId('standards-trading-fee').textContent).toBe(
      "Each product's trading fee is shown in the order form before you place an order.",
    );
  });

  it('leads back to the menu on a brand without the standards flag', async () => {
    const onNavigate = vi.fn();
    view = await renderAccount(getSession, { view: 'standards', onNavigate });
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith({ to: '/user' }));
    expect(screen.queryByTestId('standards-fees')).toBeNull();
  });
});

describe('<Account view="invite">', () => {
  const invitees: Handler = (body) => ({
    code: 0,
    data: {
      list:
        body.page === 1
          ? [{ id: 'a1', maskedUid: '12****78', registeredAt: Date.UTC(2026, 0, 2, 3, 4, 5) }]
          : [],
      page: body.page,
      pages: 1,
      total: 1,
    },
  });

  it('shows the code and its sign-up link with copy buttons, the link as a QR code, and who signed up', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    view = await renderAccount(
      getSession,
      { view: 'invite' },
      { handlers: { 'waa/user/invitees': invitees } },
    );
    const link = `${location.origin}/register?inviteCode=INV7`;
    expect(screen.getByTestId('invite-code').textContent).toBe('INV7');
    expect(screen.getByTestId('invite-link').textContent).toBe(link);
    expect(await screen.findByRole('img', { name: 'QR code of your sign-up link' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('invitee-count').textContent).toBe('Total: 1'));
    const row = screen.getByTestId('invitee');
    expect(row.textContent).toContain('12****78');
    expect(row.textContent).toMatch(/2026-01-0[12]/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: `Copy ${link}` })));
    expect(writeText).toHaveBeenCalledWith(link);
  });

  it('says so when nobody signed up yet', async () => {
    const none: Handler = (body) => ({ code: 0, data: { list: [], page: body.page, pages: 0, total: 0 } });
    view = await renderAccount(getSession, { view: 'invite' }, { handlers: { 'waa/user/invitees': none } });
    expect(await screen.findByText('Nobody has signed up with your code yet.')).toBeTruthy();
    expect(screen.getByTestId('invitee-count').textContent).toBe('Total: 0');
  });
});

describe('the menu rows of the invite and standards pages', () => {
  it('opens the invite page from the invite row and still copies the code from its button', async () => {
    const onNavigate = vi.fn();
    view = await renderAccount(getSession, { view: 'menu', onNavigate });
    fireEvent.click(screen.getByTestId('menu-invite'));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/user/invite' });
    expect(screen.getByRole('button', { name: 'Copy INV7' })).toBeTruthy();
    expect(screen.queryByTestId('menu-standards')).toBeNull();
  });

  it('offers the standards row only on a brand with the standards flag', async () => {
    const onNavigate = vi.fn();
    view = await renderAccount(getSession, { view: 'menu', onNavigate }, { systemConfigs: STANDARDS_ON });
    fireEvent.click(await screen.findByTestId('menu-standards'));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/user/standards' });
  });
});
