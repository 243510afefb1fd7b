import { describe, expect, it } from 'vitest';
import en from '../core/i18n/locales/en/offline.json';
import { offlinePage, pushNotification } from './sw-logic';

describe('what a push shows', () => {
  it('shows the server’s title and body, tagged by the notification so a repeat shows once', () => {
    const shown = pushNotification(
      JSON.stringify({
        id: '42',
        alarmType: 729005,
        title: 'EURUSD',
        body: 'Bid ≥ 1.10000',
        url: '/user/notification',
      }),
    );
    expect(shown).toEqual({
      title: 'EURUSD',
      options: {
        body: 'Bid ≥ 1.10000',
        tag: 'tk-notification-42',
        icon: '/favicon.svg',
        data: { url: '/user/notification' },
      },
    });
  });

  it.each([
    ['no data', null],
    ['not JSON', 'hello'],
    ['no title', JSON.stringify({ id: '1', body: 'x' })],
    ['no id', JSON.stringify({ title: 'x' })],
  ])('shows nothing for %s', (_label, text) => {
    expect(pushNotification(text)).toBeNull();
  });

  it('opens only a path of this site and cuts long texts', () => {
    for (const url of ['https://evil.test/', '//evil.test/x', 'javascript:alert(1)'])
      expect(pushNotification(JSON.stringify({ id: '1', title: 't', url }))?.options.data.url).toBe('/');
    const long = pushNotification(
      JSON.stringify({ id: '1', title: 'T'.repeat(500), body: 'B'.repeat(2000) }),
    );
    expect(long?.title).toHaveLength(120);
    expect(long?.options.body).toHaveLength(500);
  });
});

describe('the offline page', () => {
  it('is the language’s text, escaped, with no script allowed, and never cached', async () => {
    const page = offlinePage('en', { ...en.offline, title: '<b>You are offline</b>' });
    expect(page.status).toBe(503);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('&#60;b&#62;You are offline&#60;/b&#62;');
    expect(html).toContain(en.offline.retry);
    expect(html).not.toContain('<script');
  });
});
