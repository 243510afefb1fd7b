// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { createI18n, loadLanguage } from '../../core/i18n/i18n';
import { startServiceWorker } from './service-worker';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The web-push browser test saw the offline page in English: a page that left while its German still loaded had
// told the worker "en", the language English shows meanwhile.
it('tells the worker the language the page is loading, not the English shown meanwhile, then each change', async () => {
  const told: unknown[] = [];
  const registration = { active: { postMessage: (message: unknown) => told.push(message) } };
  vi.stubGlobal('isSecureContext', true);
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: vi.fn(async () => registration), ready: Promise.resolve(registration) },
  });
  const i18n = createI18n();
  // The German files never arrive here: the page keeps showing English while it waits for them.
  const loading = loadLanguage(i18n, 'de').catch(() => undefined);
  expect(i18n.language).toBe('en');
  startServiceWorker(i18n);
  await vi.waitFor(() => expect(told).toEqual([{ type: 'language', language: 'de' }]));
  await i18n.changeLanguage('fr');
  expect(told.at(-1)).toEqual({ type: 'language', language: 'fr' });
  await loading;
});
