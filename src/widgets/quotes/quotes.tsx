import { Suspense, use, useCallback, useId, useMemo } from 'react';
import type { CategoryId } from '../../core/contract/types';
import { CATEGORY_KEYS } from '../../core/contract/types';
import { ConnectionBanner } from '../_shared/connection-banner';
import type { EventCallbacks } from '../_shared/events';
import { useHostState } from '../_shared/host-state';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { Tabs, tabId } from '../_shared/tabs';
import { useT } from '../_shared/use-t';
import { useEmit } from '../_shared/widget-host';
import { WidgetRoot } from '../_shared/widget-root';
import type * as TableModule from './quotes-table';
import css from './quotes.css?inline';
import { parseCategory, parseSymbols, selectQuotes } from './quotes.logic';

const DEFAULT_TRADE_LIST: readonly CategoryId[] = [3, 2, 1, 4];

/**
 * The table (rows, price formatting, flash, mini chart) is not needed before the first quotes: its chunk starts
 * loading with this module, in parallel with the config and the feed's connection, long before a row can be
 * shown. Until it is there the widget keeps showing its loading state.
 */
let LoadedTable: typeof TableModule.QuotesTable | null = null;
/** Settles once the table's code is there (tests and hosts that want rows without a loading frame). */
export const quotesTableReady: Promise<void> = import('./quotes-table').then((m) => {
  LoadedTable = m.QuotesTable;
});

function QuotesTable(props: TableModule.QuotesTableProps) {
  // Suspends only while the chunk is on its way (the Suspense fallback is the loading state).
  if (!LoadedTable) use(quotesTableReady);
  const Table = LoadedTable!;
  return <Table {...props} />;
}

/** Props of <Quotes>: the attributes of <tk-quotes> (see quotes.meta.ts) plus `onSymbolSelect`. */
export interface QuotesProps extends EventCallbacks<'tk-symbol-select'> {
  /** Comma-separated symbols to show, in this order. */
  symbols?: string;
  /** One category (id or name); hides the tabs. */
  category?: string;
  theme?: string;
  layout?: string;
  miniChart?: boolean;
  tabs?: boolean;
  /** The currently selected symbol: its row is highlighted (`aria-current`, part `row-selected`). */
  selected?: string;
}

/** The live market table of spec §2 (category tabs, bid/ask with low/high, change, mini chart). */
export function Quotes(props: QuotesProps) {
  const { symbols, category, theme, layout, miniChart = true, selected } = props;
  const platform = usePlatform();
  const t = useT();
  const emit = useEmit(props);
  const config = useAtomValue(platform.atoms.config);
  const configError = useAtomValue(platform.atoms.configError);
  const listed = useMemo(() => parseSymbols(symbols), [symbols]);
  // Listed symbols are all the page receives (PP1) and share one list unless the partner asks for tabs (PP4).
  const tabs = props.tabs ?? !listed;
  const prices = useAtomValue(listed ? platform.atoms.pricesOf(listed) : platform.atoms.prices);
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
  const select = useCallback((symbol: string) => emit('tk-symbol-select', { symbol }), [emit]);
  const rowLayout = layout === 'logo' ? 'logo' : 'table';
  const panelId = `${id}-panel`;

  const loading = (
    <div className="tk-state" role="status">
      {t('app.loading')}
    </div>
  );
  let body;
  if (configError) {
    body = (
      <div className="tk-state" role="alert">
        {t('app.config_missing')}
      </div>
    );
  } else if (!config || (prices.size === 0 && platform.feed.getState().lastMessageAt === null)) {
    // The feed does not notify per message, so the live state (read on each clock tick) tells whether
    // an empty list means "nothing yet" or "no products".
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
      <Suspense fallback={loading}>
        <QuotesTable
          quotes={selection.rows}
          ctx={ctx}
          layout={rowLayout}
          miniChart={miniChart}
          selected={selectedSymbol}
          t={t}
          onSelect={select}
        />
      </Suspense>
    );
  }

  const showTabs = selection.tabs.length > 0 && selection.active !== null;
  return (
    <WidgetRoot name="quotes" css={css} theme={theme === 'dark' || theme === 'light' ? theme : undefined}>
      <ConnectionBanner />
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
    </WidgetRoot>
  );
}
