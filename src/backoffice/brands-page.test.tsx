// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BRAND_FLAG_NAMES, type BrandEditable, type BrandListItem } from '../core/contract/brand-admin';
import { mockFetch, okBody, operatorSession, renderApp, type Seen } from './app.fixture';
import { pagesFor } from './queues';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

const me = (roles: string[]) => okBody(operatorSession(roles, { name: 'Brand Ops', email: 'b@ops.example' }));

const LIST: BrandListItem[] = [
  { id: 'aurora', name: 'Aurora Markets', siteTitle: 'Aurora Markets', editedAt: null },
  { id: 'tradekit', name: 'TradeKit', siteTitle: 'TradeKit', editedAt: null },
];

const AURORA: BrandEditable = {
  id: 'aurora',
  name: 'Aurora Markets',
  editedAt: null,
  edit: {
    siteTitle: 'Aurora Markets',
    siteTitles: { ja: 'オーロラ' },
    settings: {
      tradeModes: ['market', 'option'],
      defaultTradeMode: 'market',
      tradeList: [3, 2, 1],
      theme: 'dark',
      colors: { up: '#26a69a', down: '#ef5350' },
      userColors: true,
      timezone: 'Europe/London',
      languages: ['en', 'ja'],
      defaultLanguage: 'en',
      registerTypes: ['P', 'E'],
      depositTypes: ['crypto'],
      verifyStyle: 'advanced',
      template: 1,
      homeSymbols: ['BTCUSDT', 'AAPL'],
      trustedApp: null,
    },
    flags: Object.fromEntries(BRAND_FLAG_NAMES.map((name) => [name, name !== 'user/loan'])),
    banners: [
      { id: '4', active: true, title: 'Trade US stocks', titles: {}, linkUrl: '/quotation' },
      { id: '5', active: true, title: 'Gold around the clock', titles: {}, linkUrl: '/quotation' },
    ],
  },
  bannerImages: ['/brand-assets/aurora/banner-1.svg', '/brand-assets/aurora/banner-2.svg'],
};

/** The back office of a brand operator, over answers that the test may change. */
function brandOffice(update: (seen: Seen) => { status?: number; body: unknown }) {
  return mockFetch({
    'GET /admin/v1/operators/me': () => me(['brand']),
    'GET /admin/v1/brands': () => okBody({ list: LIST }),
    'GET /admin/v1/brands/aurora': () => okBody(AURORA),
    'POST /admin/v1/brands/aurora': update,
  });
}

async function saveWithReason(reason: string) {
  fireEvent.click(screen.getByTestId('bo-brand-save'));
  fireEvent.change(await screen.findByTestId('bo-reason'), { target: { value: reason } });
  await act(async () => fireEvent.click(screen.getByTestId('bo-confirm')));
}

describe('the Brands page', () => {
  it('is the one page of a brand operator, and no page of the other roles', () => {
    expect(pagesFor(['brand'])).toEqual(['brands']);
    expect(pagesFor(['support'])).not.toContain('brands');
    expect(pagesFor(['finance', 'brand']).slice(-3)).toEqual(['users', 'brands', 'audit']);
  });

  it('edits colours, the trade list, a flag and a banner, and saves them with a reason', async () => {
    const saved = { ...AURORA, editedAt: Date.UTC(2026, 11, 1, 10) };
    const { impl, calls } = brandOffice(() => okBody(saved));
    renderApp(impl);
    const form = await screen.findByTestId('bo-brand-form');
    expect(screen.getByTestId('bo-brand-aurora').textContent).toContain('Seed values, never edited');
    expect(within(form).getByTestId('bo-brand-note').textContent).toBe(
      'Saved changes show at once on the pages and widgets open now, and on every other page at its next load.',
    );
    // Nothing to save until something changes.
    expect((screen.getByTestId('bo-brand-save') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByTestId('bo-brand-settings-colors-up'), { target: { value: '#00AA55' } });
    // Forex (3) first, then commodities (2): commodities moves up; US stocks (5) is added at the end.
    fireEvent.click(screen.getByTestId('bo-brand-category-2-up'));
    fireEvent.click(screen.getByTestId('bo-brand-category-add-5'));
    fireEvent.click(screen.getByTestId('bo-brand-flag-user/loan'));
    fireEvent.click(screen.getByTestId('bo-brand-banners-1-up'));
    fireEvent.change(screen.getByTestId('bo-brand-banners-0-title'), {
      target: { value: 'Gold, day and night' },
    });
    fireEvent.change(screen.getByTestId('bo-brand-banners-0-titles-ja'), { target: { value: '金は24時間' } });
    await saveWithReason('Winter campaign');

    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.url).toBe('/admin/v1/brands/aurora');
    expect(sent?.headers['x-tk-backoffice']).toBe('1');
    expect(sent?.body).toMatchObject({
      reason: 'Winter campaign',
      settings: { colors: { up: '#00AA55', down: '#ef5350' }, tradeList: [2, 3, 1, 5] },
      flags: { 'user/loan': true },
      banners: [
        { id: '5', title: 'Gold, day and night', titles: { ja: '金は24時間' } },
        { id: '4', title: 'Trade US stocks' },
      ],
    });
    expect(await screen.findByText('Aurora Markets saved')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('bo-brand-aurora').textContent).toContain('Edited'));
    // The form starts again from what was stored.
    expect((screen.getByTestId('bo-brand-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it("turns on 'only trust app' with the app's token and address (BA1)", async () => {
    const { impl, calls } = brandOffice(() => okBody(AURORA));
    renderApp(impl);
    await screen.findByTestId('bo-brand-form');
    expect(screen.queryByTestId('bo-brand-trusted-app-token')).toBeNull();
    fireEvent.click(screen.getByTestId('bo-brand-trusted-app'));
    fireEvent.change(screen.getByTestId('bo-brand-trusted-app-token'), { target: { value: 'Aurora App' } });
    fireEvent.click(screen.getByTestId('bo-brand-save'));
    expect(screen.getByTestId('bo-brand-settings-trustedApp-userAgent-error')).toBeTruthy();
    expect(screen.getByTestId('bo-brand-settings-trustedApp-url-error')).toBeTruthy();
    fireEvent.change(screen.getByTestId('bo-brand-trusted-app-token'), { target: { value: 'AuroraApp' } });
    fireEvent.change(screen.getByTestId('bo-brand-trusted-app-url'), {
      target: { value: 'https://apps.example/aurora' },
    });
    await saveWithReason('App launch');
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toMatchObject({
      settings: { trustedApp: { userAgent: 'AuroraApp', url: 'https://apps.example/aurora' } },
    });
  });

  it('shows what is wrong under each field before anything is sent', async () => {
    const { impl, calls } = brandOffice(() => okBody(AURORA));
    renderApp(impl);
    await screen.findByTestId('bo-brand-form');
    fireEvent.change(screen.getByTestId('bo-brand-settings-colors-down'), { target: { value: 'red' } });
    // Japanese made the default, then no longer offered.
    fireEvent.change(screen.getByTestId('bo-brand-settings-defaultLanguage'), { target: { value: 'ja' } });
    fireEvent.click(screen.getByTestId('bo-brand-settings-languages-ja'));
    fireEvent.change(screen.getByTestId('bo-brand-banners-1-linkUrl'), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(screen.getByTestId('bo-brand-save'));
    expect(screen.getByTestId('bo-brand-settings-colors-down-error').textContent).toBe(
      'A colour as #rrggbb.',
    );
    expect(screen.getByTestId('bo-brand-settings-defaultLanguage-error').textContent).toBe(
      'Must be one of the values offered.',
    );
    expect(screen.getByTestId('bo-brand-banners-1-linkUrl-error').textContent).toBe(
      'A page of the site starting with / or an http(s) address.',
    );
    expect(screen.getByTestId('bo-brand-settings-colors-down').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('bo-brand-problems').textContent).toBe('Fields to correct: 3.');
    expect(screen.queryByTestId('bo-reason')).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the field the server refused under it, and a failure that names no field in the dialog', async () => {
    let answer = { body: { code: 1001, msg: 'settings.timezone: time_zone', data: null } };
    const { impl } = brandOffice(() => answer);
    renderApp(impl);
    await screen.findByTestId('bo-brand-form');
    fireEvent.change(screen.getByTestId('bo-brand-settings-timezone'), { target: { value: 'Asia/Tokyo' } });
    await saveWithReason('Tokyo desk');
    expect((await screen.findByTestId('bo-brand-settings-timezone-error')).textContent).toBe(
      'Not a known time zone.',
    );
    expect(screen.queryByTestId('bo-reason')).toBeNull();

    answer = { body: { code: 1008, msg: 'data not found', data: null } };
    await saveWithReason('Tokyo desk');
    expect((await screen.findByTestId('bo-confirm-error')).textContent).toContain('(1008)');
  });

  it('adds a banner, and undoes every change', async () => {
    const { impl } = brandOffice(() => okBody(AURORA));
    renderApp(impl);
    await screen.findByTestId('bo-brand-form');
    fireEvent.click(screen.getByTestId('bo-brand-add-banner'));
    expect(screen.getAllByTestId(/^bo-brand-banner-\d$/)).toHaveLength(3);
    fireEvent.click(screen.getByTestId('bo-brand-save'));
    // The new banner has no title yet.
    expect(screen.getByTestId('bo-brand-banners-2-title-error').textContent).toBe('Required.');
    fireEvent.click(screen.getByTestId('bo-brand-revert'));
    expect(screen.getAllByTestId(/^bo-brand-banner-\d$/)).toHaveLength(2);
    expect(screen.queryByTestId('bo-brand-problems')).toBeNull();
  });
});
