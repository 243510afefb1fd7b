/**
 * Product search (spec §2 Search). Mobile: a full page whose results open the chart page. Desktop: a dialog
 * over the trading layout whose results change the symbol shown.
 */
import { useT } from '../../../widgets/_shared/use-t';
import { Search } from '../../../widgets/search';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { Dialog } from '../../ui/dialog';
import { PageBar } from '../../ui/page-bar';
import { CloseIcon } from '../account/close-icon';
import { useOpenSymbol } from '../use-open-symbol';
import './search-page.css';

/** The mobile search page. */
export function SearchPage() {
  const t = useT();
  const { theme } = useHost();
  const open = useOpenSymbol();
  return (
    <div className="host-search-page" data-testid="search-page">
      <PageBar title={t('nav.search')} />
      <div className="host-search-page__body">
        <Search theme={theme} onSymbolSelect={open} />
      </div>
    </div>
  );
}

/** The desktop search dialog; closing it goes back to the trading layout. */
export function SearchDialog() {
  const t = useT();
  const { theme } = useHost();
  const open = useOpenSymbol();
  const close = () => navigate('/');
  return (
    <div className="host-search-dialog">
      <Dialog title={t('nav.search')} onClose={close} testId="search-dialog">
        <button
          type="button"
          className="host-icon-btn host-search-dialog__close"
          aria-label={t('common.close')}
          onClick={close}
        >
          <CloseIcon />
        </button>
        <Search theme={theme} onSymbolSelect={open} />
      </Dialog>
    </div>
  );
}
