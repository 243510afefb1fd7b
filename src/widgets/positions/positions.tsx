import { useEffect, useMemo, useRef, useState } from 'react';
import type { MarketOrder } from '../../core/contract/trading';
import type { ExchangeStatus } from '../../core/feeds/exchange-feed';
import { getSession } from '../../core/session/session';
import { getOrders } from '../../core/state/orders';
import { SessionAccountStrip } from '../_shared/account-strip';
import type { EventCallbacks } from '../_shared/events';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { Tabs, tabId } from '../_shared/tabs';
import { SignedOut as SignedOutPrompt } from '../_shared/signed-out';
import { useT } from '../_shared/use-t';
import type { Translate } from '../_shared/use-t';
import { useEmit } from '../_shared/widget-host';
import { useHostState } from '../_shared/host-state';
import { LayoutBox } from '../_shared/record-list';
import { WidgetRoot } from '../_shared/widget-root';
import { OptionPositions, SETTLED_PATH } from './option-positions';
import { PositionDetail } from './position-detail';
import { PositionSummaryBar } from './position-summary';
import { PositionTable } from './position-table';
import { Announcer } from '../_shared/announcer';
import { ToastProvider, useToast } from '../_shared/toast';
import { POSITION_TABS, eventKey } from './positions.logic';
import type { PositionTab } from './positions.logic';
import { POSITIONS_CSS as css } from './styles';
import { useOrderActions } from '../_shared/use-order-actions';
import { useFocusKeeper } from '../_shared/use-focus-keeper';

/** Props of <Positions>: the attributes of <tk-positions> and its output callbacks. */
export interface PositionsProps extends EventCallbacks<'tk-navigate'> {
  theme?: 'light' | 'dark';
  /** First tab shown (the user's choice wins afterwards). */
  tab?: string;
  /** Trade mode: 'market' (default) lists orders, 'option' the running options. */
  mode?: string;
}

/** The trade modes the position page serves. */
export type PositionsMode = 'market' | 'option';

/** Where the sign-in prompt sends the user (spec §2: /position needs a session). */
export const LOGIN_PATH = '/login?to=/position';

const STATUS_KEYS: Partial<Record<ExchangeStatus, string>> = {
  reconnecting: 'position.live.reconnecting',
  failed: 'position.live.failed',
  unauthorized: 'position.live.unauthorized',
  replaced: 'position.live.replaced',
};

/** Server-made changes shown in the neutral tone; losses and failures in the danger colour. */
const GOOD_NEWS = new Set(['take_profit', 'filled', 'manual']);

function LiveNotice({ status, t, onRetry }: { status: ExchangeStatus; t: Translate; onRetry: () => void }) {
  const key = STATUS_KEYS[status];
  if (!key) return null;
  // Every stopped state offers a retry; only reconnecting resolves by itself.
  const stopped = status !== 'reconnecting';
  return (
    <div
      className="tk-banner"
      data-tone={stopped ? 'danger' : undefined}
      role={stopped ? 'alert' : 'status'}
      part="banner"
    >
      <span className="tk-banner__text">{t(key)}</span>
      {stopped ? (
        <button type="button" className="tk-button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}

function SignedOut({ t, onLogin }: { t: Translate; onLogin: () => void }) {
  return (
    <SignedOutPrompt text={t('position.login_prompt')} t={t} buttonClass="tk-pos__btn" onLogin={onLogin} />
  );
}

/** Option mode: the running options of the signed-in account (no order socket). */
function OptionBody(props: PositionsProps) {
  const t = useT();
  const platform = usePlatform();
  const emit = useEmit(props);
  const session = useMemo(() => getSession(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  if (state.status !== 'signedIn')
    return <SignedOut t={t} onLogin={() => emit('tk-navigate', { to: LOGIN_PATH })} />;
  return (
    <OptionPositions
      t={t}
      accountKey={`${state.virtual}|${state.uid}`}
      onView={() => emit('tk-navigate', { to: SETTLED_PATH })}
    />
  );
}

function PositionsBody(props: PositionsProps) {
  const t = useT();
  const platform = usePlatform();
  const emit = useEmit(props);
  const toast = useToast();
  const session = useMemo(() => getSession(platform), [platform]);
  const orders = useMemo(() => getOrders(platform), [platform]);
  const config = useAtomValue(platform.atoms.config);
  const state = useAtomValue(session.atoms.state);
  const open = useAtomValue(orders.atoms.openOrders);
  const pending = useAtomValue(orders.atoms.pendingOrders);
  const summary = useAtomValue(orders.atoms.positionSummary);
  const status = useAtomValue(orders.atoms.exchangeStatus);
  const event = useAtomValue(orders.atoms.event);
  const actions = useOrderActions();
  const initialTab: PositionTab = props.tab === 'pending' ? 'pending' : 'open';
  const [tab, setTab] = useHostState<PositionTab>('positions.tab', initialTab);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Only changes that happen while the widget is on screen become toasts, not one heard before it mounted.
  const seenSeq = useRef(event?.seq ?? 0);
  const timezone = config?.brand.timezone;
  const keeper = useFocusKeeper<HTMLDivElement>();

  useEffect(() => {
    if (!event || event.seq <= seenSeq.current) return;
    seenSeq.current = event.seq;
    const symbol = event.order?.productName || event.order?.tradePair || event.orderId;
    // Shown here, said by the page's announcer (with the P&L in words): quiet, so it is heard once.
    toast(t(eventKey(event.kind), { symbol }), GOOD_NEWS.has(event.kind) ? 'info' : 'error', true);
  }, [event, t, toast]);

  if (state.status !== 'signedIn')
    return <SignedOut t={t} onLogin={() => emit('tk-navigate', { to: LOGIN_PATH })} />;

  const list = tab === 'open' ? open : pending;
  const all: readonly MarketOrder[] = [...(open ?? []), ...(pending ?? [])];
  // The drawer follows the live order; it closes when the order leaves the lists (closed, filled, cancelled).
  const selected = selectedId ? (all.find((o) => o.id === selectedId) ?? null) : null;
  const panelId = 'tk-positions-panel';
  return (
    <>
      <Tabs
        items={POSITION_TABS.map((id) => ({
          id,
          label: `${t(id === 'open' ? 'position.tab_open' : 'position.tab_pending')}${countOf(id === 'open' ? open : pending)}`,
        }))}
        value={tab}
        onChange={setTab}
        label={t('position.tabs_label')}
        idPrefix="tk-positions"
        panelId={panelId}
      />
      <LiveNotice status={status} t={t} onRetry={() => orders.feed.retry()} />
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId('tk-positions', tab)}
        className="tk-pos__panel"
        // Where the focus goes when its row leaves the list (a position just closed), not to the page.
        tabIndex={-1}
        ref={keeper}
      >
        <PositionSummaryBar tab={tab} summary={summary} t={t} />
        {list === null ? (
          <p className="tk-state" role="status">
            {t('app.loading')}
          </p>
        ) : list.length === 0 ? (
          <p className="tk-state" part="empty">
            {t(tab === 'open' ? 'position.empty_open' : 'position.empty_pending')}
          </p>
        ) : (
          <PositionTable tab={tab} orders={list} t={t} onOpen={(order) => setSelectedId(order.id)} />
        )}
      </div>
      {selected ? (
        <PositionDetail
          key={selected.id}
          order={selected}
          t={t}
          timezone={timezone}
          actions={actions}
          onClose={() => setSelectedId(null)}
        />
      ) : null}
    </>
  );
}

const countOf = (list: readonly MarketOrder[] | null) => (list && list.length > 0 ? ` (${list.length})` : '');

/**
 * The position page of spec §2: open and pending orders of the signed-in account, live (market mode), or
 * the running options with their countdown and settlement (option mode).
 */
export function Positions(props: PositionsProps) {
  return (
    <WidgetRoot name="positions" css={css} theme={props.theme}>
      <ToastProvider>
        <LayoutBox className="tk-pos" part="base">
          <SessionAccountStrip flush />
          {props.mode === 'option' ? <OptionBody {...props} /> : <PositionsBody {...props} />}
        </LayoutBox>
        {/* Option mode has no order socket (it polls); its settlement drawer still speaks through it. */}
        <Announcer events={props.mode !== 'option'} />
      </ToastProvider>
    </WidgetRoot>
  );
}
