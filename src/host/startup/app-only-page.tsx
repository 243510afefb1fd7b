/** The page an untrusted browser sees on a brand that trusts only its app (decision BA1). */
import { useLayoutEffect } from 'react';
import type { RuntimeConfig } from '../../core/contract';
import { usePlatform } from '../../widgets/_shared/platform-context';
import { useAtomValue } from '../../widgets/_shared/store-react';
import { useT } from '../../widgets/_shared/use-t';
import { PrefKey, readChoice } from '../prefs';
import { BrandLogo } from '../ui/brand-logo';
import { appDownloadUrl } from './app-only';
import { applyLanguage, applyTheme, applyTitle } from './brand';

/**
 * Full page: the brand, why the site does not open here, and where the app is got. It stands before the
 * host's state exists, so it applies the visitor's theme, the title and the language itself.
 */
export function AppOnlyPage({ config }: { config: RuntimeConfig }) {
  const t = useT();
  const { atoms } = usePlatform();
  const language = useAtomValue(atoms.language);
  const brand = config.brand;
  const url = appDownloadUrl(brand);
  useLayoutEffect(() => {
    applyTheme(readChoice(PrefKey.theme, ['light', 'dark'], brand.theme));
    applyTitle(config.siteTitle || brand.name);
    applyLanguage(language);
  }, [brand, config.siteTitle, language]);
  return (
    <main className="host-fullpage host-app-only" data-testid="app-only">
      <BrandLogo brand={brand} />
      <h1 className="host-app-only__title">{t('app_only.title', { name: brand.name })}</h1>
      <p className="host-fullpage__text">{t('app_only.text', { name: brand.name })}</p>
      {url ? (
        <a
          className="host-btn host-btn--primary"
          href={url}
          rel="noopener noreferrer"
          data-testid="app-only-get"
        >
          {t('app_only.get', { name: brand.name })}
        </a>
      ) : null}
    </main>
  );
}
