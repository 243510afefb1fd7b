// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { offsetLabel, zoneOffsetMinutes } from '../core/domain/format';
import { mockFetch, okBody, operatorSession, renderApp, waitingDeposit } from './app.fixture';
import { zoneOfConfig } from './time-zone';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

// Issue #26 item 8: this deposit's time read "11/29/2026, 01:51:34 AM" here and "2026-11-28 20:51:34" in the
// trader's records (brand zone New York).
const MOMENT = Date.parse('2026-11-29T01:51:34Z');

/** A finance operator's back office with one waiting deposit; `/config.json` answers `config` (404 if null). */
function fetchWith(config: unknown) {
  return mockFetch({
    'GET /admin/v1/operators/me': () =>
      okBody(operatorSession(['finance'], { expiresAt: MOMENT + 3600_000 })),
    'GET /admin/v1/deposits': () => okBody({ list: [waitingDeposit(MOMENT)], total: 1 }),
    ...(config ? { 'GET /config.json': () => ({ body: config }) } : {}),
  }).impl;
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
