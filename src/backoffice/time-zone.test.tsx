// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminDeposit } from '../core/contract/deposits';
import { offsetLabel, zoneOffsetMinutes } from '../core/domain/format';
import strings from '../core/i18n/locales/en/backoffice.json';
import { createI18n } from '../core/i18n/i18n';
import { BackofficeApp } from './app';
import { zoneOfConfig } from './time-zone';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

// Issue #26 item 8: this deposit's time read "11/29/2026, 01:51:34 AM" here and "2026-11-28 20:51:34" in the
// trader's records (brand zone New York).
const MOMENT = Date.parse('2026-11-29T01:51:34Z');

const DEPOSIT: AdminDeposit = {
  id: '11',
  uid: 'D1795589851040',
  userUid: '12345678',
  brandId: 'tradekit',
  method: 'crypto',
  coinId: 3,
  currency: 'BTC',
  protocol: 'BTC',
  amount: '0.5',
  usdAmount: '30000.00',
  state: 'waiting',
  reason: '',
  createdAt: MOMENT,
  reviewedAt: null,
  reviewedBy: null,
  proofUrl: '/admin/v1/deposits/11/proof',
};

const ok = (data: unknown) => ({ code: 0, msg: 'success', data });

/** A finance operator's back office with one waiting deposit; `/config.json` answers `config` (404 if null). */
function fetchWith(config: unknown) {
  const answers: Record<string, unknown> = {
    '/admin/v1/operators/me': ok({
      operator: {
        id: '1',
        email: 'fin@ops.example',
        name: 'Fin Ops',
        roles: ['finance'],
        active: true,
        createdAt: 0,
        lastSignInAt: null,
      },
      expiresAt: MOMENT + 3600_000,
    }),
    '/admin/v1/deposits': ok({ list: [DEPOSIT], total: 1 }),
    '/config.json': config,
  };
  return (async (input: RequestInfo | URL) => {
    const body = answers[String(input).split('?')[0] ?? ''];
    return new Response(JSON.stringify(body ?? { code: 1009, msg: 'incorrect URL', data: null }), {
      status: body ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
}

function renderApp(fetchImpl: typeof fetch) {
  const i18n = createI18n({ strings: { english: { backoffice: strings }, languages: {} } });
  return render(<BackofficeApp i18n={i18n} fetchImpl={fetchImpl} />);
}

describe('back-office times', () => {
  it("shows a ticket's time as the trader's records do: the brand's zone with the offset", async () => {
    renderApp(fetchWith({ brand: { timezone: 'America/New_York' } }));
    const item = await screen.findByTestId('bo-queue-item');
    expect(item.textContent).toContain('2026-11-28 20:51:34 UTC-5');
    expect(item.textContent).not.toContain('01:51:34');
    const note = screen.getByTestId('bo-time-zone');
    const now = offsetLabel(zoneOffsetMinutes(Date.now(), 'America/New_York'));
    expect(note.textContent).toBe(`Time zone: New York (${now})`);
    expect(note.getAttribute('title')).toBe('America/New_York');
  });

  it('states UTC when the brand shows device time or the file cannot be read', async () => {
    renderApp(fetchWith(null));
    const item = await screen.findByTestId('bo-queue-item');
    expect(within(item).getByText(/2026-11-29 01:51:34 UTC/)).toBeTruthy();
    expect(screen.getByTestId('bo-time-zone').textContent).toBe('Time zone: UTC');
  });
});

describe('zoneOfConfig', () => {
  it.each([
    [{ brand: { timezone: 'America/New_York' } }, 'America/New_York'],
    [{ brand: { timezone: 'Europe/London' } }, 'Europe/London'],
    [{ brand: { timezone: 'Africa/Abidjan' } }, 'Africa/Abidjan'],
    [{ brand: { timezone: 'device' } }, 'UTC'],
    [{ brand: { timezone: '' } }, 'UTC'],
    [{ brand: { timezone: 'Mars/Olympus' } }, 'UTC'],
    [{ brand: {} }, 'UTC'],
    [null, 'UTC'],
    ['not json', 'UTC'],
  ])('reads %j as %s', (body, zone) => {
    expect(zoneOfConfig(body)).toBe(zone);
  });
});
