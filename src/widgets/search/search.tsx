import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { CATEGORY_KEYS } from '../../core/contract/types';
import { Badge } from '../_shared/badge';
import { ConnectionBanner } from '../_shared/connection-banner';
import type { EventCallbacks } from '../_shared/events';
import { useHostState } from '../_shared/host-state';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { useT } from '../_shared/use-t';
import { useEmit } from '../_shared/widget-host';
import { WidgetRoot } from '../_shared/widget-root';
import { productCatalog } from './product-catalog';
import css from './search.css?inline';
import { HOT_SEARCHES, normalizeKeyword, searchProducts } from './search.logic';

/** Props of <Search>: the attributes of <tk-search> (see search.meta.ts) plus `onSymbolSelect`. */
export interface SearchProps extends EventCallbacks<'tk-symbol-select'> {
  theme?: string;
}

/** Move the focus between result rows with the arrow keys (and from the input to the first row). */
function moveFocus(list: HTMLElement | null, from: Element | null, step: 1 | -1): boolean {
  const rows = [...(list?.querySelectorAll<HTMLButtonElement>('[data-testid="search-result"]') ?? [])];
  if (rows.length === 0) return false;
  const index = rows.indexOf(from as HTMLButtonElement);
  const next = index === -1 ? (step === 1 ? 0 : rows.length - 1) : index + step;
  rows[Math.max(0, Math.min(rows.length - 1, next))]?.focus();
  return true;
}

/** Product search of spec §2: keyword, hot searches, results; a result fires `tk-symbol-select`. */
export function Search(props: SearchProps) {
  const platform = usePlatform();
  const t = useT();
  const emit = useEmit(props);
  const prices = useAtomValue(platform.atoms.prices);
  const configError = useAtomValue(platform.atoms.configError);
  const catalog = productCatalog(platform);
  const subscribe = useCallback((listener: () => void) => catalog.subscribe(listener), [catalog]);
  const products = useSyncExternalStore(subscribe, catalog.products);
  const [keyword, setKeyword] = useHostState('search.keyword', '');
  const query = useDeferredValue(keyword);
  const results = useMemo(() => searchProducts(query, prices.values(), products), [query, prices, products]);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();

  useEffect(() => catalog.load(), [catalog, keyword]);

  const select = (symbol: string) => emit('tk-symbol-select', { symbol });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (results[0]) select(results[0].symbol);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : null;
    if (step && moveFocus(list.current, event.target as Element, step)) event.preventDefault();
  };
  const typed = normalizeKeyword(keyword);

  let body = null;
  if (configError) {
    body = (
      <p className="tk-state" role="alert">
        {t('app.config_missing')}
      </p>
    );
  } else if (typed && results.length === 0) {
    body = <p className="tk-state">{t('search.no_results')}</p>;
  } else if (results.length > 0) {
    body = (
      <ul ref={list} className="tk-search__results" part="results" aria-label={t('search.results')}>
        {results.map((r) => (
          <li key={r.symbol}>
            <button
              type="button"
              className="tk-search__row"
              part="result"
              data-testid="search-result"
              data-symbol={r.symbol}
              onClick={() => select(r.symbol)}
            >
              <span className="tk-search__names">
                <span className="tk-search__name">{r.name}</span>
                <span className="tk-search__meta">
                  {r.name !== r.symbol ? `${r.symbol} · ` : ''}
                  {t(`category.${CATEGORY_KEYS[r.type]}`)}
                </span>
              </span>
              {r.price !== null ? (
                <span className="tk-search__quote">
                  <span className="tk-num">{r.price}</span>
                  <Badge tone={r.direction} part="change">
                    {r.change}
                  </Badge>
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <WidgetRoot
      name="search"
      css={css}
      theme={props.theme === 'dark' || props.theme === 'light' ? props.theme : undefined}
    >
      <div className="tk-search__frame" onKeyDown={onKeyDown}>
        <ConnectionBanner />
        <form className="tk-search__bar" role="search" part="bar" onSubmit={onSubmit}>
          <input
            className="tk-search__input"
            type="search"
            part="input"
            data-testid="search-input"
            aria-label={t('nav.search')}
            placeholder={t('quotes.search_placeholder')}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="search"
          />
        </form>
        <section className="tk-search__hot" part="hot" aria-labelledby={`${id}-hot`}>
          <h2 id={`${id}-hot`} className="tk-search__heading">
            {t('quotes.hot_search')}
          </h2>
          <div className="tk-search__chips">
            {HOT_SEARCHES.map((hot) => (
              <button
                key={hot}
                type="button"
                className="tk-search__chip"
                data-hot={hot}
                aria-pressed={typed === hot}
                onClick={() => setKeyword(hot)}
              >
                {hot}
              </button>
            ))}
          </div>
        </section>
        {body}
      </div>
    </WidgetRoot>
  );
}
