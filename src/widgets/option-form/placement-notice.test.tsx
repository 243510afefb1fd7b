// @vitest-environment jsdom
/**
 * Issue #26 item 4 (KB1–KB3): the order and option forms say what blocks a placement before the trader fills
 * them in, with the catalogue text of each rule's code and why, and ask again when the answer may change.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlacementBlock } from '../../core/contract/placement';
import { renderOptionForm } from './option-form.fixture';
import * as placement from '../_shared/placement-notice.fixture';
import type { TradeFormView } from '../_shared/trade-form.fixture';

let view: TradeFormView | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
});

const PROHIBITED: PlacementBlock = { rule: 'trading-prohibited', code: 405 };

describe('the placement notice of <OptionForm>', () => {
  it('shows every rule that blocks, a future one by its catalogue text alone, and goes when a notification is pushed', async () => {
    // 1151 stands for a rule this client has never heard of (an overdue loan): its catalogue text still shows.
    const { state, handler } = placement.verdict([PROHIBITED, { rule: 'loan-overdue', code: 1151 }]);
    view = await renderOptionForm(
      { symbol: 'BTCUSDT', direction: 0 },
      { handlers: { [placement.PATH]: handler } },
    );
    const shown = await screen.findByTestId('placement-notice');
    expect(shown.textContent).toContain("You can't buy options on this account right now");
    expect(placement.lines()).toEqual([
      'This user is prohibited from trading (405)' +
        'Your broker has stopped trading on this account. Please contact customer service.',
      'Your loan is overdue, please repay as soon as possible (1151)',
    ]);
    expect(placement.before(shown, screen.getByTestId('submit'))).toBe(true);
    expect(view.callsTo(placement.PATH)[0]?.body).toEqual({ tradePair: 'BTCUSDT', kind: 'option' });

    // A review answers with a notification on the exchange socket: the verdict is asked again.
    state.blocks = [];
    const asked = view.callsTo(placement.PATH).length;
    const socket = view.exchange.last();
    await act(async () => {
      if (socket.sent.length === 0) socket.acceptOpen();
      socket.deliver({ ordertype: 'notification', unread: 1 });
    });
    await waitFor(() => expect(placement.notice()).toBeNull());
    expect(view.callsTo(placement.PATH).length).toBeGreaterThan(asked);
  });
});
