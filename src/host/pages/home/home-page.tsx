/** Mobile home (spec §2 Home): header, banner, trade icons (template 1), top symbols, full quote table. */
import { useT } from '../../../widgets/_shared/use-t';
import { Quotes } from '../../../widgets/quotes';
import { useHost } from '../../host-context';
import { Link } from '../../routing/link';
import { isBuilt } from '../../routing/routes';
import { BrandLogo } from '../../ui/brand-logo';
import { SearchIcon } from '../../ui/icons';
import { LanguageMenu } from '../../ui/language-menu';
import { ServiceButton } from '../../ui/service-button';
import { ThemeToggle } from '../../ui/theme-toggle';
import { useSetAlert } from '../set-alert';
import { useOpenSymbol } from '../use-open-symbol';
import { Banner } from './banner';
import { TopSymbols } from './top-symbols';
import { TradeGrid } from './trade-grid';
import { useBanners } from './use-banners';
import './home.css';

function HomeHeader() {
  const t = useT();
  const { config } = useHost();
  const brand = config.brand;
  return (
    <header className="host-home__header">
      <div className="host-home__brand">
        <h1 className="host-home__title">
          {/* Brand logos are usually word marks: the logo stands for the name instead of repeating it. */}
          {brand.logoUrl ? <BrandLogo brand={brand} /> : brand.name}
        </h1>
        <p className="host-home__subtitle">{t('home.welcome')}</p>
      </div>
      <div className="host-home__actions">
        {isBuilt('search') ? (
          <Link className="host-icon-btn" to="/search" aria-label={t('nav.search')} title={t('nav.search')}>
            <SearchIcon />
          </Link>
        ) : null}
        <LanguageMenu compact />
        <ThemeToggle />
        <ServiceButton />
      </div>
    </header>
  );
}

/** The mobile home page. */
export function HomePage() {
  const t = useT();
  const { config, theme } = useHost();
  const banners = useBanners(config.brand.bannerCount);
  const openSymbol = useOpenSymbol();
  const setAlert = useSetAlert();
  return (
    <div className="host-home" data-testid="home">
      <HomeHeader />
      <div className="host-home__body">
        <Banner items={banners} />
        {config.brand.template === 1 ? <TradeGrid /> : null}
        <TopSymbols />
        <section className="host-section host-section--flush" aria-labelledby="host-home-markets">
          <div className="host-section__head">
            <h2 id="host-home-markets" className="host-section__title">
              {t('nav.markets')}
            </h2>
          </div>
          <div className="host-panel">
            <Quotes theme={theme} onSymbolSelect={openSymbol} setAlert={setAlert} />
          </div>
        </section>
      </div>
    </div>
  );
}
