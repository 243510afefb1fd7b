/** Start-up of spec §4: runtime config, version check, language; then the host mounts. */
import { startTransition, useEffect, useState } from 'react';
import { checkVersion } from '../../core/config/version';
import type { RuntimeConfig } from '../../core/contract';
import { customerLink } from '../../core/contract/brand';
import { pickLanguage } from '../../core/i18n/i18n';
import { requestLanguage } from './service-worker';
import type { Platform } from '../../core/runtime/types';
import { preloadPageOf } from '../pages/registry';
import { askBannersEarly } from '../pages/home/use-banners';
import { pageShowsRiskWarning } from '../pages/page-kinds';
import { startingTradeMode } from '../host-context';
import { askLossPercent } from '../../widgets/_shared/risk-figure';
import { getSession } from '../../core/session/session';
import { matchRoute } from '../routing/resolve';
import { isDesktopViewport, preloadShell } from '../shells/desktop-loader';
import { PrefKey, readPref } from '../prefs';
import { APP_ONLY_PATH, isTrustedBrowser } from './app-only';

export type BootState =
  /** `config` once it has come: the loading screen shows the brand's logo from then on (EK74). */
  | { phase: 'loading'; config?: RuntimeConfig }
  | { phase: 'error' }
  | { phase: 'ready'; config: RuntimeConfig }
  /** The brand trusts only its app and this browser is not it (BA1). */
  | { phase: 'app-only'; config: RuntimeConfig };

/** Where a config of another client version sends the page (reloaded from `/`); null when it may stay. */
export function versionRedirect(config: Pick<RuntimeConfig, 'version'>, pathname: string): string | null {
  return checkVersion(config) || pathname === '/' ? null : '/';
}

function browserLanguages(): readonly string[] {
  const nav = globalThis.navigator;
  return nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
}

/**
 * What a trusted browser's start-up begins once the config has come, beside the language's strings and the page's
 * code, instead of after the site's render behind the loading screen: the page's session, so that a signed-in
 * reload's restore (the refresh call, then the user's info) goes out now (EK72); a phone home page's banners
 * (EK47); and the CFD risk warning's figure on a first page that shows it, so that its first render has it (EK71).
 * Settles when the session is known: the site renders once it knows whether the visitor is signed in (EK73).
 */
function startBesideTheSite(platform: Platform, config: RuntimeConfig, language: string): Promise<void> {
  const known = getSession(platform).known();
  askForFirstPage(platform, config, language);
  return known;
}

/** What the first page shows from the start and the start-up asks for early: a phone home's banners, a risk figure. */
function askForFirstPage(platform: Platform, config: RuntimeConfig, language: string): void {
  const page = matchRoute(window.location.pathname)?.route.name;
  if (page === undefined) return;
  const desktop = isDesktopViewport();
  if (page === 'home' && !desktop) askBannersEarly(platform, language, config.brand.bannerCount);
  if (
    config.brand.tradeModes.includes('market') &&
    pageShowsRiskWarning(page, desktop, startingTradeMode(config.brand))
  )
    void askLossPercent(platform);
}

/**
 * Waits for the runtime config; a config of another version reloads the site from `/` (the loaded scripts
 * are stale); then loads the visitor's language (stored choice, browser, brand) before the first paint of
 * translated pages. The system config is fetched by the platform itself. The code of the page the address
 * names loads from the start, beside the config, and the site waits for it too: its first page then renders
 * in full behind the loading screen instead of the outlet's empty place (EK19); a desktop's shell, code of its
 * own, loads and is waited for the same way (EK28), and so is the page's session until it is known (EK73). A
 * brand that trusts only its app sends any other browser to the app-only page (BA1).
 */
export function useBoot(platform: Platform): BootState {
  const [state, setState] = useState<BootState>({ phase: 'loading' });
  useEffect(() => {
    let live = true;
    const firstPage = preloadPageOf(window.location.pathname);
    // A desktop's shell is code of its own (EK28): it loads beside the first page.
    const shell = preloadShell();
    platform.ready.then(
      async (config) => {
        const redirect = versionRedirect(config, window.location.pathname);
        if (redirect) {
          window.location.replace(redirect);
          return;
        }
        // The brand is known: its logo on the loading screen while the site's code, strings and session come.
        if (live) setState({ phase: 'loading', config });
        const language = pickLanguage({
          stored: readPref(PrefKey.language),
          browser: browserLanguages(),
          brandLanguages: config.brand.languages,
          brandDefault: config.brand.defaultLanguage,
        });
        const trusted = isTrustedBrowser(config.brand, globalThis.navigator?.userAgent ?? '');
        // A signed-in reload's site waits for its session's restore as it does for its code (EK73): rendered
        // before it, the whole site was an empty busy place, and the loading screen left as the prices came.
        const session = trusted ? startBesideTheSite(platform, config, language) : null;
        await Promise.all([
          session,
          requestLanguage(platform.i18n, language).catch((error: unknown) =>
            console.warn(`[tradekit] language ${language} unavailable, showing English`, error),
          ),
          firstPage,
          shell,
        ]);
        if (!live) return;
        if (trusted) {
          // A transition: React renders the whole site behind the loading screen in slices of a few
          // milliseconds, yielding to the socket and input in between, and shows it in one commit (EK30).
          startTransition(() => setState({ phase: 'ready', config }));
          return;
        }
        // A page of its own: its address says so, and the site's routes never render in this browser.
        if (window.location.pathname !== APP_ONLY_PATH) window.history.replaceState(null, '', APP_ONLY_PATH);
        setState({ phase: 'app-only', config });
      },
      () => {
        if (live) setState({ phase: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [platform]);
  return state;
}

/** The brand's service link value from `getCustomerLink` (null until loaded or when the call fails). */
export function useServiceLink(platform: Platform, enabled: boolean): string | null {
  const [service, setService] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void platform.api.call(customerLink, {}, { silent: true }).then((result) => {
      if (live && result.ok) setService(result.data);
    });
    return () => {
      live = false;
    };
  }, [platform, enabled]);
  return service;
}
