// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cashRecord, pageOf, renderWallet, walletRecord } from './wallet.fixture';
import type { RenderedWallet } from './wallet.fixture';

let view: RenderedWallet | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
});

// Issue #26 item 8: the moment the back office showed as "11/29/2026, 01:51:34 AM" (its test:
// src/backoffice/time-zone.test.tsx expects the same text as here). The fixture brand's zone is New York.
const MOMENT = Date.parse('2026-11-29T01:51:34Z');
const row = (id: string) => document.querySelector(`li[data-record="${id}"]`)?.textContent ?? '';

describe('record times', () => {
  it("shows a deposit's time in the brand's zone with its offset, as the back office does", async () => {
    view = await renderWallet(
      { view: 'records' },
      {
        handlers: {
          'waa/walletRecharge/web/rechargeStatus': (body) =>
            pageOf([cashRecord({ id: '7', submitTimeTs: MOMENT })], body),
        },
      },
    );
    await waitFor(() => expect(row('7')).toContain('2026-11-28 20:51:34 UTC-5'));
  });

  it("shows a wallet record's time with the offset of its own moment (summer time in July)", async () => {
    const july = Date.parse('2026-07-01T12:00:00Z');
    view = await renderWallet(
      { view: 'myWallet' },
      {
        handlers: {
          'waa/user/crypto/order': (body) =>
            pageOf(
              [walletRecord({ id: '8', orderTime: MOMENT }), walletRecord({ id: '9', orderTime: july })],
              body,
            ),
        },
      },
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Wallet record' }));
    await waitFor(() => expect(row('8')).toContain('2026-11-28 20:51:34 UTC-5 · WT1'));
    expect(row('9')).toContain('2026-07-01 08:00:00 UTC-4 · WT1');
  });
});
