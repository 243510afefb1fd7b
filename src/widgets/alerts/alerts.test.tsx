// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PriceAlert } from '../../core/contract/alerts';
import { createHarness } from '../../core/session/session.fixture';
import type { Answer } from '../../core/session/session.fixture';
import { renderWidget, type RenderedWidget } from '../_shared/widget-render.fixture';
import { Alerts, type AlertsProps } from './alerts';

const alert = (over: Partial<PriceAlert> = {}): PriceAlert => ({
  id: '1',
  symbol: 'BTCUSDT',
  mode: 'market',
  condition: 'bid_above',
  level: '100500.00',
  percent: null,
  referencePrice: null,
  note: '',
  state: 'active',
  createdAtTs: 1_770_000_000_000,
  firedAtTs: null,
  firedPrice: null,
  ...over,
});

/** A scripted alert server over `alerts`, answering like server/src/alerts. */
class AlertServer {
  next = 10;
  constructor(public alerts: PriceAlert[]) {}
  list = (): Answer => ({
    code: 0,
    data: {
      active: this.alerts.filter((a) => a.state === 'active'),
      past: this.alerts.filter((a) => a.state !== 'active'),
    },
  });
  create = (body: Record<string, unknown>): Answer => {
    if (body.level === '1.00') return { code: 1010, msg: 'too many' };
    const made = alert({ ...(body as Partial<PriceAlert>), id: String(this.next++) });
    this.alerts.push(made);
    return { code: 0, data: { alert: made } };
  };
  update = (body: Record<string, unknown>): Answer => {
    const i = this.alerts.findIndex((a) => a.id === body.id);
    if (i < 0) return { code: 1008, msg: 'not found' };
    this.alerts[i] = { ...(this.alerts[i] as PriceAlert), ...(body as Partial<PriceAlert>) };
    return { code: 0, data: { alert: this.alerts[i] } };
  };
  remove = (body: Record<string, unknown>): Answer => {
    const found = this.alerts.find((a) => a.id === body.id);
    if (found) found.state = 'removed';
    return { code: 0, data: {} };
  };
}

let view: RenderedWidget | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
});

async function render(server: AlertServer, props: AlertsProps = {}, signedIn = true) {
  const h = createHarness({
    handlers: {
      'waa/alerts/list': server.list,
      'waa/alerts/create': server.create,
      'waa/alerts/update': server.update,
      'waa/alerts/remove': server.remove,
    },
  });
  view = await renderWidget(h, <Alerts {...props} />, { signedIn });
  return view;
}
const calls = (path: string) => view?.h.callsTo(`waa/alerts/${path}`).map((c) => c.body) ?? [];

describe('<Alerts>', () => {
  it('lists active alerts with their condition and note, and past ones with how they ended', async () => {
    await render(
      new AlertServer([
        alert({ note: 'breakout' }),
        alert({ id: '2', condition: 'move_pct', level: null, percent: '2.5', referencePrice: '98510.005' }),
        alert({ id: '3', state: 'fired', firedPrice: '100600.00', firedAtTs: 1_770_000_060_000 }),
        alert({ id: '4', symbol: 'EURUSD', condition: 'ask_below', level: '1.08000', state: 'removed' }),
      ]),
    );
    const active = await screen.findByTestId('alerts-active');
    expect(
      within(active)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-alert')),
    ).toEqual(['1', '2']);
    expect(active.textContent).toContain('Bid ≥ 100500.00');
    expect(active.textContent).toContain('breakout');
    expect(active.textContent).toContain('Moves ±2.5 % from 98510.005');
    const past = screen.getByTestId('alerts-past');
    expect(past.textContent).toContain('Fired at 100600.00');
    expect(past.textContent).toContain('Removed');
  });

  it('opens the create form prefilled from the attributes and sets the alert', async () => {
    const server = new AlertServer([]);
    await render(server, { symbol: 'btcusdt', level: '98500.00' });
    expect(((await screen.findByTestId('alert-level')) as HTMLInputElement).value).toBe('98500.00');
    expect((screen.getByTestId('alert-symbol') as HTMLSelectElement).value).toBe('BTCUSDT');
    fireEvent.change(screen.getByTestId('alert-note'), { target: { value: ' near the high ' } });
    await act(async () => fireEvent.click(screen.getByTestId('alert-save')));
    await waitFor(() => expect(calls('create')).toHaveLength(1));
    expect(calls('create')[0]).toEqual({
      symbol: 'BTCUSDT',
      mode: 'market',
      condition: 'bid_above',
      level: '98500.00',
      note: 'near the high',
    });
    await screen.findByText('Alert set');
    expect((await screen.findByTestId('alerts-active')).textContent).toContain('Bid ≥ 98500.00');
  });

  it('checks the form before sending, and shows the server refusal when it says no', async () => {
    await render(new AlertServer([]), { symbol: 'BTCUSDT' });
    fireEvent.change(await screen.findByTestId('alert-condition'), { target: { value: 'move_pct' } });
    fireEvent.change(screen.getByTestId('alert-percent'), { target: { value: '0.001' } });
    await act(async () => fireEvent.click(screen.getByTestId('alert-save')));
    expect(screen.getByText('Enter a percentage from 0.01 to 1000 with at most 2 decimals.')).toBeTruthy();
    expect(calls('create')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('alert-condition'), { target: { value: 'bid_below' } });
    fireEvent.change(screen.getByTestId('alert-level'), { target: { value: '1.00' } });
    await act(async () => fireEvent.click(screen.getByTestId('alert-save')));
    expect((await screen.findByTestId('alert-refusal')).textContent).toMatch(/1010/);
  });

  it('edits an alert and removes one only after the confirm', async () => {
    const server = new AlertServer([alert(), alert({ id: '2', symbol: 'EURUSD', level: '1.09000' })]);
    await render(server);
    const active = await screen.findByTestId('alerts-active');
    fireEvent.click(within(active).getAllByRole('button', { name: /^Edit/ })[0] as HTMLElement);
    fireEvent.change(await screen.findByTestId('alert-level'), { target: { value: '101000' } });
    await act(async () => fireEvent.click(screen.getByTestId('alert-save')));
    await waitFor(() =>
      expect(calls('update')).toEqual([{ id: '1', condition: 'bid_above', level: '101000', note: '' }]),
    );

    const row = (await screen.findAllByRole('listitem')).find((li) => li.getAttribute('data-alert') === '2');
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Remove' }));
    expect(calls('remove')).toHaveLength(0);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('EURUSD');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' })));
    await waitFor(() => expect(calls('remove')).toEqual([{ id: '2' }]));
    await screen.findByText('Alert removed');
  });

  it('asks a visitor to log in through tk-navigate', async () => {
    const onNavigate = vi.fn();
    await render(new AlertServer([]), { onNavigate }, false);
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/login?to=%2Fuser%2Falerts' });
    expect(calls('list')).toHaveLength(0);
  });
});
