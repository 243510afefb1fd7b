// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OptionOrder } from '../../core/contract/options';
import type { Answer } from '../../core/session/session.fixture';
import { stubWidgetWidth } from '../_shared/resize-observer.fixture';
import { FakeIntersectionObserver, renderHistory } from './history.fixture';
import type { RenderedHistory } from './history.fixture';

const settled = (uid: string, overrides: Partial<OptionOrder> = {}): OptionOrder => ({
  id: uid.toLowerCase(),
  uid,
  optionsProductId: 1,
  orderType: 0,
  tradePair: 'EURUSD',
  productName: 'EUR/USD',
  price: '1.08412',
  priceEnd: '1.08500',
  rate: '0.85',
  feeAmount: '0.20',
  amount: '100',
  timeLong: 60,
  beginTime: Date.UTC(2025, 0, 6, 10, 0, 0),
  endTime: Date.UTC(2025, 0, 6, 10, 1, 0),
  completeTime: Date.UTC(2025, 0, 6, 10, 1, 1),
  winLost: '85.00',
  positionStatus: 1,
  ...overrides,
});

const optionPage = (body: Record<string, unknown>, pages: number): Answer => {
  const page = Number(body.page);
  return {
    code: 0,
    data: {
      items: Array.from({ length: 10 }, (_, i) => settled(`P${page}-${i + 1}`)),
      page,
      pages,
      total: pages * 10,
      totalWinLoss: '1234.5',
      todayWinLoss: '-100',
    },
  };
};

let view: RenderedHistory | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
});

const calls = () => view?.h.callsTo('waa/option/findOptionHistory').map((c) => c.body) ?? [];
const rows = () => screen.queryAllByRole('row').length - 1;

describe('<History mode="option">', () => {
  it('shows each settled option as a card with symbol, direction, amount, win/loss, fee and times when narrow', async () => {
    stubWidgetWidth(390);
    view = await renderHistory({ mode: 'option' }, () => ({ code: 0, data: {} }), {
      handlers: {
        'waa/option/findOptionHistory': () => ({
          code: 0,
          data: {
            items: [settled('S1', { orderType: 1, productName: 'Euro / US Dollar', winLost: '-100.00' })],
            page: 1,
            pages: 1,
            total: 1,
            totalWinLoss: '-100.00',
            todayWinLoss: '-100.00',
          },
        }),
      },
    });
    await waitFor(() => expect(screen.getByRole('list', { name: 'Settled options' })).toBeTruthy());
    expect(screen.queryByRole('table')).toBeNull();
    const card = document.querySelector('[data-order="S1"]') as HTMLElement;
    expect(within(card).getByText('EURUSD')).toBeTruthy();
    expect(within(card).getByText('Euro / US Dollar')).toBeTruthy();
    expect(within(card).getByText('Down')).toBeTruthy();
    const field = (label: string) =>
      within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(field('Amount')).toBe('100.00');
    expect(field('Fee')).toBe('0.20');
    expect(field('Start time')).toMatch(/^01-06 \d{2}:00:00 UTC-5$/);
    expect(field('Settlement time')).toMatch(/^01-06 \d{2}:01:01 UTC-5$/);
    const winLoss = card.querySelector('[data-field="win-loss"]') as HTMLElement;
    expect(winLoss.textContent).toBe('-100.00');
    expect(winLoss.dataset.tone).toBe('down');
    expect(screen.getByTestId('option-total').textContent).toBe(winLoss.textContent);
  });

  it('shows total and today win/loss and loads settled options 10 a page while scrolled', async () => {
    view = await renderHistory({ mode: 'option' }, () => ({ code: 0, data: {} }), {
      handlers: { 'waa/option/findOptionHistory': (body) => optionPage(body, 2) },
    });
    await waitFor(() => expect(rows()).toBe(10));
    expect(calls()[0]).toEqual({ positionStatus: 1, limit: 10, page: 1 });
    expect(view.h.callsTo('waa/order/query')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Option history' })).toBeTruthy();
    expect(screen.getByTestId('option-total').textContent).toBe('+1,234.50');
    expect(screen.getByTestId('option-today').textContent).toBe('-100.00');
    expect(screen.getByTestId('option-today').dataset.tone).toBe('down');
    await FakeIntersectionObserver.observed();
    await act(async () => FakeIntersectionObserver.reach());
    await waitFor(() => expect(rows()).toBe(20));
    expect(calls()[1]).toEqual({ positionStatus: 1, limit: 10, page: 2 });
    await act(async () => FakeIntersectionObserver.reach());
    expect(calls()).toHaveLength(2);
    expect(screen.getByText('No more options')).toBeTruthy();
  });

  it('opens the detail of a settled option with every field and the settlement time', async () => {
    view = await renderHistory({ mode: 'option' }, () => ({ code: 0, data: {} }), {
      handlers: { 'waa/option/findOptionHistory': (body) => optionPage(body, 1) },
    });
    await waitFor(() => expect(rows()).toBe(10));
    fireEvent.click(within(screen.getAllByRole('row')[1] as HTMLElement).getByRole('button'));
    const drawer = screen.getByRole('dialog', { name: 'Option details' });
    const field = (id: string) => drawer.querySelector(`[data-field="${id}"] dd`)?.textContent;
    expect(within(drawer).getByText('P1-1')).toBeTruthy();
    expect(field('status')).toBe('Settled');
    expect(field('amount')).toBe('100.00');
    expect(field('price')).toBe('1.08412');
    expect(field('price-end')).toBe('1.08500');
    expect(field('rate')).toBe('85%');
    expect(field('fee')).toBe('0.20');
    expect(field('time-long')).toBe('60 s');
    expect(field('win-loss')).toBe('+85.00');
    expect(field('complete-time')).toBeTruthy();
    expect(within(drawer).getByText('Up')).toBeTruthy();
  });

  it('labels a pending option and shows no settlement time', async () => {
    const pending = settled('R1', { positionStatus: 0, completeTime: null, winLost: null, priceEnd: null });
    view = await renderHistory({ mode: 'option' }, () => ({ code: 0, data: {} }), {
      handlers: {
        'waa/option/findOptionHistory': () => ({
          code: 0,
          data: { items: [pending], page: 1, pages: 1, total: 1, totalWinLoss: '0', todayWinLoss: '0' },
        }),
      },
    });
    await waitFor(() => expect(rows()).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: /EUR\/USD/ }));
    const drawer = screen.getByRole('dialog', { name: 'Option details' });
    expect(drawer.querySelector('[data-field="status"] dd')?.textContent).toBe('Pending Settlement');
    expect(drawer.querySelector('[data-field="complete-time"]')).toBeNull();
    expect(drawer.querySelector('[data-field="price-end"] dd')?.textContent).toBe('--');
  });

  it('shows an empty list', async () => {
    view = await renderHistory({ mode: 'option' }, () => ({ code: 0, data: {} }), {
      handlers: {
        'waa/option/findOptionHistory': () => ({
          code: 0,
          data: { items: [], page: 1, pages: 0, total: 0, totalWinLoss: '0', todayWinLoss: '0' },
        }),
      },
    });
    await waitFor(() => expect(screen.getByText('No settled options yet')).toBeTruthy());
    expect(screen.getByTestId('option-total').textContent).toBe('0.00');
  });
});
