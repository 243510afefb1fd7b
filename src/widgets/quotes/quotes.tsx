import { Suspense, use } from 'react';
import type { ReactNode } from 'react';
import { ConnectionBanner } from '../_shared/connection-banner';
import type { EventCallbacks } from '../_shared/events';
import { useT } from '../_shared/use-t';
import { WidgetRoot } from '../_shared/widget-root';
import type * as BodyModule from './quotes-body';
import css from './quotes.css?inline';

/**
 * Nothing but the loading state is shown before the first quotes: what selects and draws them (the attribute
 * rules, the category tabs, the table with its rows, price formatting, flash and mini chart) is a chunk that
 * starts loading with this module, in parallel with the config and the feed's connection, long before a row
 * can be shown (CZ2). Until it is there the widget shows its loading state.
 */
let LoadedBody: typeof BodyModule.QuotesBody | null = null;
/** Settles once the widget's body and table code is there (tests and hosts that want rows without a loading frame). */
export const quotesTableReady: Promise<void> = import('./quotes-body').then((m) => {
  LoadedBody = m.QuotesBody;
});

function QuotesBody(props: QuotesProps & { loading: ReactNode }) {
  // Suspends only while the chunk is on its way (the Suspense fallback is the loading state).
  if (!LoadedBody) use(quotesTableReady);
  const Body = LoadedBody!;
  return <Body {...props} />;
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
  /**
   * A React host that offers price alerts (issue #25): each row gets a "Set alert" button (`label`, its
   * accessible name, and `text` come translated from the host) that calls `open` with the row's symbol and
   * bid. Not an attribute: the element's first paint stays as it is (AL9).
   */
  setAlert?: { text: string; label(symbol: string): string; open(symbol: string, bid: string): void };
}

/** The live market table of spec §2 (category tabs, bid/ask with low/high, change, mini chart). */
export function Quotes(props: QuotesProps) {
  const { theme } = props;
  const t = useT();
  const loading = (
    <div className="tk-state" role="status">
      {t('app.loading')}
    </div>
  );
  return (
    <WidgetRoot name="quotes" css={css} theme={theme === 'dark' || theme === 'light' ? theme : undefined}>
      <ConnectionBanner />
      <Suspense fallback={<div className="tk-quotes__panel">{loading}</div>}>
        <QuotesBody {...props} loading={loading} />
      </Suspense>
    </WidgetRoot>
  );
}
