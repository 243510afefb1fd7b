// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OptionOrder } from '../../core/contract/options';
import type { Answer } from '../../core/session/session.fixture';
import { announceOptionsChanged } from '../../core/state/option-changes';
import { stubWidgetWidth } from '../_shared/resize-observer.fixture';
import { OPTION_START, advance, renderPositions, runningOption, useOptionClock } from './positions.fixture';
import type { RenderedPositions } from './positions.fixture';

const START = OPTION_START;
const option = runningOption;

const history = (items: OptionOrder[]): Answer => ({
  code: 0,
  data: { items, page: 1, pages: 1, total: items.length, todayWinLoss: '0', totalWinLoss: '0' },
});

let view: RenderedPositions | undefined;
useOptionClock(() => {
  view?.close();
  view = undefined;
});
const checks = () => view?.h.callsTo('waa/option/checkOptionOrderCompletion') ?? [];
const listCalls = () => view?.h.callsTo('waa/option/findOptionHistory') ?? [];

async function renderOptions(
  running: () => OptionOrder[],
  extra: Record<string, (body: Record<string, unknown>) => Answer> = {},
  onNavigate = vi.fn(),
) {
  view = await renderPositions(
    { mode: 'option', onNavigate },
    { handlers: { 'waa/option/findOptionHistory': () => history(running()), ...extra } },
  );
  await advance(0);
  return view;
}

describe('<Positions mode="option">', () => {
  it('lists the running options with progress and countdown, without the order socket', async () => {
    await renderOptions(() => [
      option('OP1', 30_000),
      option('OP2', 3_600_000, { orderType: 1, amount: '250' }),
    ]);
    expect(view?.sockets.sockets).toHaveLength(0);
    expect(listCalls()[0]?.body).toEqual({ positionStatus: 0, limit: 99_999, page: 1 });
    const row = screen.getByRole('row', { name: /USDUp/ });
    expect(within(row).getByText('100.00')).toBeTruthy();
    expect(within(row).getByText('1.08412')).toBeTruthy();
    expect(within(row).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(within(row).getByTestId('countdown').textContent).toBe('0:30');
    const down = screen.getByRole('row', { name: /USDDown/ });
    expect(within(down).getByText('250.00')).toBeTruthy();
    expect(within(down).getByTestId('countdown').textContent).toBe('1:00:00');
    await advance(200);
    expect(within(row).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    await advance(2800);
    expect(within(row).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('45');
    expect(within(row).getByTestId('countdown').textContent).toBe('0:27');
  });

  it('shows each running option as a card with its progress bar and countdown in a phone-wide widget', async () => {
    stubWidgetWidth(390);
    await renderOptions(() => [option('OP1', 30_000, { productName: 'Euro / US Dollar' })]);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Running options' })).getAllByRole('listitem');
    expect(cards).toHaveLength(1);
    const card = cards[0] as HTMLElement;
    expect(within(card).getByText('EURUSD')).toBeTruthy();
    expect(within(card).getByText('Euro / US Dollar')).toBeTruthy();
    expect(within(card).getByText('Up')).toBeTruthy();
    const field = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(field('Amount')?.textContent).toBe('100.00');
    expect(field('Entry price')?.textContent).toBe('1.08412');
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(within(card).getByTestId('countdown').textContent).toBe('0:30');
    await advance(3000);
    expect(within(card).getByTestId('countdown').textContent).toBe('0:27');
  });

  it('asks for the running list again every 5 seconds', async () => {
    let list = [option('OP1', 60_000)];
    await renderOptions(() => list);
    expect(listCalls()).toHaveLength(1);
    list = [...list, option('OP9', 120_000, { productName: 'GOLD' })];
    await advance(4999);
    expect(screen.queryByRole('row', { name: /GOLD/ })).toBeNull();
    await advance(1);
    expect(listCalls()).toHaveLength(2);
    expect(screen.getByRole('row', { name: /GOLD/ })).toBeTruthy();
  });

  it('asks again at once when an option is placed on the same page', async () => {
    let list = [option('OP1', 60_000)];
    await renderOptions(() => list);
    expect(listCalls()).toHaveLength(1);
    list = [...list, option('OP9', 120_000, { productName: 'GOLD' })];
    act(() => announceOptionsChanged(view!.h.platform));
    await advance(0);
    expect(listCalls()).toHaveLength(2);
    expect(screen.getByRole('row', { name: /GOLD/ })).toBeTruthy();
  });

  it('removes a row at 0, opens the settlement drawer and shows the result', async () => {
    const settled = option('OP1', 2000, {
      priceEnd: '1.08500',
      winLost: '85.00',
      positionStatus: 1,
      completeTime: START + 2100,
    });
    const onNavigate = vi.fn();
    await renderOptions(
      () => [option('OP1', 2000)],
      {
        'waa/option/checkOptionOrderCompletion': () => ({
          code: 0,
          data: { completed: checks().length >= 3 },
        }),
        'waa/option/findOption': (body) => ({ code: 0, data: { ...settled, uid: body.uid } }),
      },
      onNavigate,
    );
    expect(screen.getByRole('row', { name: /EUR\/USD/ })).toBeTruthy();
    await advance(2000);
    expect(screen.queryByRole('row', { name: /EUR\/USD/ })).toBeNull();
    expect(screen.getByText('No running options')).toBeTruthy();
    const drawer = screen.getByRole('dialog', { name: 'Settlement' });
    expect(within(drawer).getByTestId('settlement-state').textContent).toBe('Settling…');
    await advance(999);
    expect(checks()).toHaveLength(0);
    await advance(1);
    expect(checks()).toHaveLength(1);
    expect(checks()[0]?.body).toEqual({ uid: 'OP1' });
    await advance(1500);
    expect(checks()).toHaveLength(2);
    await advance(1500);
    expect(checks()).toHaveLength(3);
    expect(view?.h.callsTo('waa/option/findOption')).toHaveLength(1);
    expect(within(drawer).getByTestId('settlement-state').textContent).toBe('You won');
    expect(drawer.querySelector('[data-field="entry"] dd')?.textContent).toBe('1.08412');
    expect(drawer.querySelector('[data-field="exit"] dd')?.textContent).toBe('1.08500');
    expect(drawer.querySelector('[data-field="win-loss"] dd')?.textContent).toBe('+85.00');
    fireEvent.click(within(drawer).getByRole('button', { name: 'View position' }));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/history' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks at once when the exchange socket pushes the settlement of the option in the drawer', async () => {
    const settled = option('OP1', 2000, {
      priceEnd: '1.08500',
      winLost: '85.00',
      positionStatus: 1,
      completeTime: START + 2100,
    });
    await renderOptions(() => [option('OP1', 2000)], {
      'waa/option/checkOptionOrderCompletion': () => ({ code: 0, data: { completed: checks().length >= 2 } }),
      'waa/option/findOption': () => ({ code: 0, data: settled }),
    });
    await advance(2000);
    const drawer = screen.getByRole('dialog', { name: 'Settlement' });
    await advance(1000);
    expect(checks()).toHaveLength(1);
    // The drawer listens on the exchange socket: the server's push comes 100 ms into the wait.
    await advance(100);
    const socket = view?.sockets.last();
    act(() => {
      socket?.acceptOpen();
      socket?.deliver({ ordertype: 'optionSettled', virtual: false, list: [settled] });
    });
    await advance(0);
    expect(checks()).toHaveLength(2);
    expect(within(drawer).getByTestId('settlement-state').textContent).toBe('You won');
  });

  it('gives up after 40 checks with the failure text, and Close closes the drawer', async () => {
    await renderOptions(() => [option('OP1', 1000)], {
      'waa/option/checkOptionOrderCompletion': () => ({ code: 0, data: { completed: false } }),
    });
    await advance(1000);
    const drawer = screen.getByRole('dialog', { name: 'Settlement' });
    await advance(1000 + 1500 * 38);
    expect(checks()).toHaveLength(39);
    expect(within(drawer).getByTestId('settlement-state').textContent).toBe('Settling…');
    await advance(1500);
    expect(checks()).toHaveLength(40);
    expect(within(drawer).getByRole('alert').textContent).toBe(
      'Failed to receive the result, please check the transaction history for this transaction',
    );
    await advance(30_000);
    expect(checks()).toHaveLength(40);
    fireEvent.click(within(drawer).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the failure text when the settled option cannot be fetched', async () => {
    await renderOptions(() => [option('OP1', 1000)], {
      'waa/option/checkOptionOrderCompletion': () => ({ code: 0, data: { completed: true } }),
      'waa/option/findOption': () => ({ code: 402, msg: 'order does not exist' }),
    });
    await advance(1000);
    expect(screen.getByRole('dialog', { name: 'Settlement' })).toBeTruthy();
    await advance(1000);
    expect(view?.h.callsTo('waa/option/findOption')).toHaveLength(1);
    // A failed call waits (at most 3 s) for the server-code messages before it answers.
    await advance(3000);
    expect(screen.getByRole('alert').textContent).toContain('Failed to receive the result');
  });

  it('opens no drawer for an option that had already expired when listed', async () => {
    await renderOptions(() => [option('OP0', -500)]);
    await advance(1000);
    expect(screen.getByText('No running options')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the sign-in prompt when signed out', async () => {
    const onNavigate = vi.fn();
    view = await renderPositions({ mode: 'option', onNavigate }, { signedIn: false });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/login?to=/position' });
    expect(listCalls()).toHaveLength(0);
  });
});
