/**
 * What <tk-quotes> shows once its code is there (loaded after the first paint, see quotes.tsx): the quotes the
 * attributes select, the category tabs and the table, with the config-error, loading and empty states.
 */
import { startTransition, useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { CategoryId } from '../../core/contract/types';
import { CATEGORY_KEYS } from '../../core/contract/types';
import { useHostState } from '../_shared/host-state';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { Tabs, tabId } from '../_shared/tabs';
import { useT } from '../_shared/use-t';
import { useEmit } from '../_shared/widget-host';
import { QuotesTable } from './quotes-table';
import { quoteBook, type QuoteBook } from './quote-book';
import type { QuotesProps } from './quotes';
import { warnOnce } from '../_shared/attribute-check';
import { CATEGORY_VALUES } from './category';
import { parseCategory, parseSymbols, selectQuotes } from './quotes.logic';

const DEFAULT_TRADE_LIST: readonly CategoryId[] = [3, 2, 1, 4];

/**
 * The book's list of quotes (which rows, in what order), taken in as a transition (EK65): a new list — the first
 * prices, a symbol listed or gone — renders its rows in slices that yield to the page, not in one task inside the
 * socket's message (which `useSyncExternalStore` made one synchronous render of every row). `pending` says the
 * book holds a list this render does not show yet.
 */
function useQuoteList(book: QuoteBook): { list: ReturnType<QuoteBook['shape']>; pending: boolean } {
  const [taken, setTaken] = useState(() => ({ book, list: book.shape() }));
  useEffect(() => {
    const take = () =>
      startTransition(() =>
        setTaken((was) => {
          const list = book.shape();
          return was.book === book && was.list === list ? was : { book, list };
        }),
      );
    const stop = book.subscribeShape(take);
    // What changed between the render and the subscription.
    take();
    return stop;
  }, [book]);
  // Another book (the partner changed the symbols): its own list at once, as on the first render.
  const list = taken.book === book ? taken.list : book.shape();
  return { list, pending: list !== book.shape() };
}

/** The tabs and the panel of <Quotes>; `loading` is the state the first paint shows too. */
export function QuotesBody(props: QuotesProps & { loading: ReactNode }) {
  const { symbols, category, layout, miniChart = true, selected, loading } = props;
  const platform = usePlatform();
  const t = useT();
  const emit = useEmit(props);
  const config = useAtomValue(platform.atoms.config);
  const configError = useAtomValue(platform.atoms.configError);
  const listed = useMemo(() => parseSymbols(symbols), [symbols]);
  // Listed symbols are all the page receives (PP1) and share one list unless the partner asks for tabs (PP4).
  const tabs = props.tabs ?? !listed;
  const pricesAtom = listed ? platform.atoms.pricesOf(listed) : platform.atoms.prices;
  const book = quoteBook(platform.store, pricesAtom);
  // Which rows, in what order: this renders when the list changes, not on every message (each row follows
  // its own symbol's quote, EK22).
  const { list: prices, pending } = useQuoteList(book);
  const feedState = useAtomValue(platform.atoms.feedState);
  const now = useAtomValue(platform.atoms.clock);
  const [picked, setPicked] = useHostState<CategoryId | null>('quotes.tab', null);
  const id = useId();

  const tradeList = config?.brand.tradeList ?? DEFAULT_TRADE_LIST;
  const selectedSymbol = parseSymbols(selected)?.[0] ?? null;
  // Until the user picks a tab, the list opens on the tab of the selected symbol.
  const selectedType = selectedSymbol ? (prices.get(selectedSymbol)?.type ?? null) : null;
  const selection = useMemo(
    () =>
      selectQuotes(prices.values(), {
        symbols: listed,
        category: parseCategory(category),
        tradeList,
        tabs,
        active: picked ?? selectedType,
      }),
    [prices, listed, category, tradeList, tabs, picked, selectedType],
  );
  useEffect(() => {
    // A category the widget does not know shows every tab, as if absent: the partner hears why (EK1).
    if (category?.trim() && parseCategory(category) === null) {
      warnOnce(`<tk-quotes category="${category}">: accepted values: ${CATEGORY_VALUES}.`);
    }
  }, [category]);
  const select = useCallback((symbol: string) => emit('tk-symbol-select', { symbol }), [emit]);
  const panelId = `${id}-panel`;

  let body;
  if (configError) {
    body = (
      <div className="tk-state" role="alert">
        {t('app.config_missing')}
      </div>
    );
  } else if (!config || (prices.size === 0 && (pending || platform.feed.getState().lastMessageAt === null))) {
    // The feed does not notify per message, so the live state (read on each clock tick) tells whether
    // an empty list means "nothing yet" or "no products"; a list on its way (`pending`) is not "no products".
    body = loading;
  } else if (selection.rows.length === 0) {
    body = <div className="tk-state">{t('quotes.empty')}</div>;
  } else {
    const ctx = {
      now,
      feedState,
      staleAfterMs: platform.staleAfterMs,
      origin: platform.origin,
      // The brand's time zone, like every other time the platform shows.
      timeZone: config.brand.timezone,
    };
    body = (
      <QuotesTable
        rows={selection.rows}
        book={book}
        ctx={ctx}
        layout={layout === 'logo' ? 'logo' : 'table'}
        miniChart={miniChart}
        selected={selectedSymbol}
        t={t}
        onSelect={select}
        setAlert={props.setAlert}
      />
    );
  }

  const showTabs = selection.tabs.length > 0 && selection.active !== null;
  return (
    <>
      {showTabs ? (
        <Tabs
          items={selection.tabs.map((c) => ({ id: c, label: t(`category.${CATEGORY_KEYS[c]}`) }))}
          value={selection.active!}
          onChange={setPicked}
          label={t('nav.markets')}
          idPrefix={id}
          panelId={panelId}
        />
      ) : null}
      <div
        className="tk-quotes__panel"
        id={showTabs ? panelId : undefined}
        role={showTabs ? 'tabpanel' : undefined}
        aria-labelledby={showTabs ? tabId(id, selection.active!) : undefined}
      >
        {body}
      </div>
    </>
  );
}
