// @vitest-environment jsdom
// The transaction list (issue #21): the market and option trades beside the deposit/withdraw records, with the
// history's status filter and its detail on a row click.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { marketOrder, positionSummary } from '../core/feeds/exchange-feed.fixture';
import type { Answer } from '../core/session/session.fixture';
import { closeHosts, mockWidth, startHost } from './session/host-app.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../core/session/session'), async (original) => ({ ...(await original()), getSession }));

afterEach(closeHosts);

const closed = marketOrder({ id: '21', uid: 'M21', positionStatus: 3 });
const asked: Array<Record<string, unknown>> = [];
const handlers = {
  'waa/order/query': (body: Record<string, unknown>): Answer => {
    asked.push(body);
    const list = body.positionStatus === 3 ? [closed] : [];
    return {
      code: 0,
      data: {
        list,
        page: 1,
        pages: list.length,
        total: list.length,
        profitLossToday: '0',
        profitLossTotal: '12.50',
        summary: positionSummary(),
      },
    };
  },
};

describe('the transaction list', () => {
  it.each([390, 1440])(
    'lists the market trades with the status filter and opens a row’s detail (%i px)',
    async (width) => {
      mockWidth(width);
      asked.length = 0;
      await startHost(getSession, { path: '/user/wallet/transactionList', signedIn: true, handlers });
      const trades = await screen.findByTestId('transactions-market');
      const tabs = screen.getByRole('radiogroup', { name: 'Transaction lists' });
      expect(
        within(tabs)
          .getAllByRole('radio')
          .map((r) => r.textContent),
      ).toEqual(['Contract trades', 'Option trades', 'Deposits & withdrawals']);
      expect(within(tabs).getByRole('radio', { name: 'Contract trades' }).getAttribute('aria-checked')).toBe(
        'true',
      );
      // The status filter: the history's chips, each asking for its status.
      fireEvent.click(await within(trades).findByRole('button', { name: 'Pending' }));
      await waitFor(() => expect(asked.at(-1)).toMatchObject({ positionStatus: 1 }));
      fireEvent.click(within(trades).getByRole('button', { name: 'Deal' }));
      const row = await waitFor(() => {
        const found = trades.querySelector<HTMLElement>('[data-order="21"] button');
        if (!found) throw new Error('no row yet');
        return found;
      });
      fireEvent.click(row);
      const detail = await screen.findByRole('dialog', { name: 'Order details' });
      expect(within(detail).getByText('M21')).toBeTruthy();
    },
  );

  it('keeps the chosen list in the URL and opens the option trades for an option link', async () => {
    mockWidth(390);
    await startHost(getSession, { path: '/user/wallet/transactionList', signedIn: true, handlers });
    fireEvent.click(await screen.findByTestId('transactions-tab-option'));
    await waitFor(() => expect(window.location.search).toBe('?tab=option'));
    expect(screen.getByTestId('transactions-option')).toBeTruthy();
    fireEvent.click(screen.getByTestId('transactions-tab-cash'));
    await waitFor(() => expect(window.location.search).toBe('?tab=cash'));
    expect(screen.queryByTestId('transactions-option')).toBeNull();
  });
});
