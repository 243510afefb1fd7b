/**
 * The detail of one order named by its number (spec §2 Records: the transaction list opened with `uid` for a
 * market order or `optionUID` for an option): loads it, then shows the history's own detail drawer (a side
 * panel in wide containers, a bottom sheet in narrow ones). An unknown number, or another account's, shows
 * a not-found message: the server answers both alike.
 */
import { useEffect, useState } from 'react';
import { findOption } from '../../core/contract/options';
import type { OptionOrder } from '../../core/contract/options';
import type { MarketOrder } from '../../core/contract/trading';
import { getSession } from '../../core/session/session';
import { createTradingApi } from '../../core/trading/trading-api';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { useT } from '../_shared/use-t';
import { WidgetRoot } from '../_shared/widget-root';
import { HistoryDetail } from './history-detail';
import { HistoryDrawer } from './history-drawer';
import { OptionDetail } from './option-history';
import { HISTORY_CSS as css } from './styles';

/** Props of OrderDetail. */
export interface OrderDetailProps {
  /** The number of a market order. */
  uid?: string | undefined;
  /** The number of an option order (wins over `uid`). */
  optionUid?: string | undefined;
  theme?: 'light' | 'dark';
  onClose: () => void;
}

type Loaded =
  | { state: 'loading' }
  | { state: 'market'; order: MarketOrder }
  | { state: 'option'; order: OptionOrder }
  | { state: 'missing' };

function Body({ uid, optionUid, onClose }: OrderDetailProps) {
  const t = useT();
  const platform = usePlatform();
  const state = useAtomValue(getSession(platform).atoms.state);
  const timezone = useAtomValue(platform.atoms.config)?.brand.timezone;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const virtual = state.status === 'signedIn' && state.virtual;
  const signedIn = state.status === 'signedIn';

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    setLoaded({ state: 'loading' });
    const load = async (): Promise<Loaded> => {
      if (optionUid) {
        const answer = await platform.api.call(findOption, { uid: optionUid }, { silent: true });
        return answer.ok ? { state: 'option', order: answer.data } : { state: 'missing' };
      }
      const answer = await createTradingApi(platform).queryOrders({ uid, page: 1, limit: 1 }, virtual, {
        silent: true,
      });
      const order = answer.ok ? answer.data.list.find((o) => o.uid === uid) : undefined;
      return order ? { state: 'market', order } : { state: 'missing' };
    };
    void load().then((next) => live && setLoaded(next));
    return () => {
      live = false;
    };
  }, [platform, uid, optionUid, virtual, signedIn]);

  if (loaded.state === 'market')
    return <HistoryDetail order={loaded.order} t={t} timezone={timezone} onClose={onClose} />;
  if (loaded.state === 'option')
    return <OptionDetail order={loaded.order} t={t} timezone={timezone} onClose={onClose} />;
  return (
    <HistoryDrawer title={t('history.detail_title')} closeLabel={t('common.close')} onClose={onClose}>
      {loaded.state === 'loading' ? (
        <p className="tk-state" aria-busy="true">
          {t('app.loading')}
        </p>
      ) : (
        <p className="tk-state" role="alert">
          {t('history.detail_not_found')}
        </p>
      )}
    </HistoryDrawer>
  );
}

/** One order's detail drawer, for pages that link to an order by its number. */
export function OrderDetail(props: OrderDetailProps) {
  if (!props.uid && !props.optionUid) return null;
  return (
    <WidgetRoot name="history" css={css} theme={props.theme}>
      <Body {...props} />
    </WidgetRoot>
  );
}
