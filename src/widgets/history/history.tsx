import { useCallback, useMemo, useState } from 'react';
import type { MarketOrder } from '../../core/contract/trading';
import { getSession } from '../../core/session/session';
import { createTradingApi } from '../../core/trading/trading-api';
import type { EventCallbacks } from '../_shared/events';
import { useHostState } from '../_shared/host-state';
import { PagedList } from '../_shared/list-foot';
import { asPage } from '../_shared/paging';
import { usePlatform } from '../_shared/platform-context';
import { LayoutBox } from '../_shared/record-list';
import { useAtomValue } from '../_shared/store-react';
import { SignedOut as SignedOutPrompt } from '../_shared/signed-out';
import { useT } from '../_shared/use-t';
import type { Translate } from '../_shared/use-t';
import { useEmit } from '../_shared/widget-host';
import { WidgetRoot } from '../_shared/widget-root';
import { HistoryDetail } from './history-detail';
import { pnlTone, signedAmount } from './history-format';
import { HistoryTable } from './history-table';
import { OptionHistory } from './option-history';
import { HISTORY_FILTERS, keepOrder, orderPage, queryFor } from './history.logic';
import type { HistoryFilter } from './history.logic';
import { HISTORY_CSS as css } from './styles';
import { usePages } from '../_shared/use-pages';

/** Props of <History>: the attributes of <tk-history> and its output callbacks. */
export interface HistoryProps extends EventCallbacks<'tk-navigate'> {
  theme?: 'light' | 'dark';
  /** First filter shown (the user's choice wins afterwards). */
  filter?: string;
  /** Trade mode: 'market' (default) lists orders, 'option' the settled options. */
  mode?: string;
}

/** Where the sign-in prompt sends the user (spec §2: /history needs a session). */
export const LOGIN_PATH = '/login?to=/history';

type Scope = 'total' | 'today';

/** Option mode: the settled options of the signed-in account. */
function OptionBody(props: HistoryProps) {
  const t = useT();
  const platform = usePlatform();
  const emit = useEmit(props);
  const session = useMemo(() => getSession(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  const config = useAtomValue(platform.atoms.config);
  if (state.status !== 'signedIn')
    return <SignedOut t={t} onLogin={() => emit('tk-navigate', { to: LOGIN_PATH })} />;
  return (
    <OptionHistory t={t} timezone={config?.brand.timezone} accountKey={`${state.virtual}|${state.uid}`} />
  );
}

function SignedOut({ t, onLogin }: { t: Translate; onLogin: () => void }) {
  return (
    <SignedOutPrompt text={t('history.login_prompt')} t={t} buttonClass="tk-hist__btn" onLogin={onLogin} />
  );
}

function HistoryBody(props: HistoryProps) {
  const t = useT();
  const platform = usePlatform();
  const emit = useEmit(props);
  const session = useMemo(() => getSession(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  const config = useAtomValue(platform.atoms.config);
  const initial = HISTORY_FILTERS.find((f) => f === props.filter) ?? 'deal';
  const [filter, setFilter] = useHostState<HistoryFilter>('history.filter', initial);
  const [scope, setScope] = useHostState<Scope>('history.scope', 'total');
  const [selected, setSelected] = useState<MarketOrder | null>(null);
  const signedIn = state.status === 'signedIn';
  const api = useMemo(() => createTradingApi(platform), [platform]);
  const virtual = signedIn && state.virtual;
  // `order/query`, or `order/queryMock` on the demo account; a change of filter, account or user restarts.
  const fetchPage = useCallback(
    (page: number) =>
      api.queryOrders(queryFor(filter, page), virtual, { silent: true }).then((r) => asPage(r, orderPage)),
    [api, filter, virtual],
  );
  const keep = useCallback((order: MarketOrder) => keepOrder(filter, order), [filter]);
  const key = signedIn ? `${filter}|${virtual}|${state.uid}` : null;
  const pages = usePages(key, fetchPage, keep);
  const { paging } = pages;

  if (!signedIn) return <SignedOut t={t} onLogin={() => emit('tk-navigate', { to: LOGIN_PATH })} />;

  const pnl = (scope === 'total' ? paging.summary?.total : paging.summary?.today) ?? null;
  const timezone = config?.brand.timezone;
  return (
    <>
      <header className="tk-hist__head" part="header">
        <h2 className="tk-hist__title">{t('history.title')}</h2>
        <div className="tk-hist__pnl" part="pnl">
          <div className="tk-hist__scope" role="group" aria-label={t('history.pnl_scope')}>
            {(['total', 'today'] as const).map((s) => (
              <button
                key={s}
                type="button"
                className="tk-hist__scope-btn"
                aria-pressed={scope === s}
                onClick={() => setScope(s)}
              >
                {t(s === 'total' ? 'history.total' : 'history.today')}
              </button>
            ))}
          </div>
          <span className="tk-visually-hidden">
            {t(scope === 'total' ? 'history.pnl_total' : 'history.pnl_today')}
          </span>
          {/* Net of fees like the rows: the server's totals are the sum of the rows' net P&L. */}
          <span className="tk-hist__pnl-label" aria-hidden="true">
            {t('history.field.net_pnl')}
          </span>
          <span className="tk-hist__pnl-value tk-num" data-tone={pnlTone(pnl)} data-testid="history-pnl">
            {signedAmount(pnl)}
          </span>
        </div>
      </header>
      <div className="tk-hist__chips" role="group" aria-label={t('history.filters_label')} part="filters">
        {HISTORY_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className="tk-hist__chip"
            part="chip"
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
          >
            {t(`history.filter.${f}`)}
          </button>
        ))}
      </div>
      <PagedList
        t={t}
        pages={pages}
        block="tk-hist"
        keys={{
          empty: 'history.empty',
          failed: 'history.load_failed',
          end: 'history.end',
          more: 'history.load_more',
        }}
      >
        <HistoryTable orders={paging.items} t={t} timezone={timezone} onOpen={setSelected} />
      </PagedList>
      {selected ? (
        <HistoryDetail order={selected} t={t} timezone={timezone} onClose={() => setSelected(null)} />
      ) : null}
    </>
  );
}

/**
 * The order history of spec §2/§4: P&L, filters, a list loading 10 at a time and the detail drawer; in
 * option mode the settled options with total and today's win/loss.
 */
export function History(props: HistoryProps) {
  return (
    <WidgetRoot name="history" css={css} theme={props.theme}>
      <LayoutBox className="tk-hist" part="base">
        {props.mode === 'option' ? <OptionBody {...props} /> : <HistoryBody {...props} />}
      </LayoutBox>
    </WidgetRoot>
  );
}
