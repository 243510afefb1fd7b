// The floor pages of bench/lighthouse.ts (EK63): the same rows in both, served compressed as the host's files are.
import { describe, expect, it } from 'vitest';
import {
  FLOOR_PAGES,
  FLOOR_ROWS,
  floorRow,
  noScriptPage,
  serveFloorSite,
} from '../../bench/lighthouse-floor';

describe('the Lighthouse floor', () => {
  it('writes every row into the page without script, and no script', () => {
    const html = noScriptPage();
    expect(html.match(/<li>/g)).toHaveLength(FLOOR_ROWS);
    expect(html).toContain(`<li>${floorRow(0)}</li>`);
    expect(html).toContain(`<li>${floorRow(FLOOR_ROWS - 1)}</li>`);
    expect(html).not.toMatch(/<script/i);
    expect(floorRow(0)).toBe('Symbol 1 USDT 100.00 +0%');
    expect(floorRow(8)).toBe('Symbol 9 USDT 110.00 +0.1%');
  });

  it('serves its files compressed as asked, and nothing else', async () => {
    const site = await serveFloorSite(
      new Map([[FLOOR_PAGES.noScript, { body: Buffer.from(noScriptPage()), type: 'text/html' }]]),
    );
    try {
      const gzip = await fetch(`${site.origin}${FLOOR_PAGES.noScript}`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      // fetch decodes what it asked for: the page arrives whole.
      expect(await gzip.text()).toBe(noScriptPage());
      const missing = await fetch(`${site.origin}/elsewhere.html`);
      expect(missing.status).toBe(404);
      await missing.arrayBuffer();
    } finally {
      await site.close();
    }
  });
});
