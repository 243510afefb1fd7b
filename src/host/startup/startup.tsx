/** The start-up gate: config error page, loading screen until the first prices, the ws_failed alert. */
import { useState, type ReactNode } from 'react';
import type { BrandSettings } from '../../core/contract';
import { usePlatform } from '../../widgets/_shared/platform-context';
import { useAtomSelect, useAtomValue } from '../../widgets/_shared/store-react';
import { useT } from '../../widgets/_shared/use-t';
import { HostProvider } from '../host-context';
import { AlertIcon } from '../ui/icons';
import { AppOnlyPage } from './app-only-page';
import { LoadingScreen } from './loading-screen';
import { useBoot, useServiceLink } from './use-boot';
import { WsFailedDialog } from './ws-failed-dialog';
import './startup.css';

/** Full-page message when /config.json cannot be used (spec §4). */
export function ConfigErrorPage() {
  const t = useT();
  return (
    <main className="host-fullpage" data-testid="config-error" role="alert">
      <span className="host-fullpage__icon" data-tone="danger">
        <AlertIcon size={32} />
      </span>
      <p className="host-fullpage__text">{t('app.config_missing')}</p>
      <button type="button" className="host-btn" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </main>
  );
}

/** Whether any quote has arrived: what the gate reads of the catalogue, not each message of it (EK45). */
const hasQuotes = (prices: ReadonlyMap<string, unknown>) => prices.size > 0;

/** Keeps the loading screen over the (inert) site until the first prices arrive, then never again. */
function PriceGate({ brand, children }: { brand: BrandSettings; children: ReactNode }) {
  const { atoms } = usePlatform();
  const arrived = useAtomSelect(atoms.prices, hasQuotes);
  const [loaded, setLoaded] = useState(false);
  if (!loaded && arrived) setLoaded(true);
  return (
    <>
      <div className="host-app" inert={!loaded}>
        {children}
      </div>
      {loaded ? null : <LoadingScreen brand={brand} />}
    </>
  );
}

/** Renders `children` once the platform is ready, with the host state around them. */
export function Startup({ children }: { children: ReactNode }) {
  const platform = usePlatform();
  const boot = useBoot(platform);
  const service = useServiceLink(platform, boot.phase === 'ready');
  // The store's config is the loaded one until the brand is edited, then the edited one (BE10).
  const live = useAtomValue(platform.atoms.config);
  if (boot.phase === 'error') return <ConfigErrorPage />;
  if (boot.phase === 'loading') return <LoadingScreen brand={boot.config?.brand} />;
  if (boot.phase === 'app-only') return <AppOnlyPage config={boot.config} />;
  const config = live ?? boot.config;
  return (
    <HostProvider config={config} service={service}>
      <PriceGate brand={config.brand}>{children}</PriceGate>
      <WsFailedDialog />
    </HostProvider>
  );
}
