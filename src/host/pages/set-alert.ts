/**
 * The quote tables' and the order forms' "Set alert" (issue #25): the alerts page with its create form for the
 * symbol, prefilled with the bid. The host translates the button's texts (the widgets load no alerts strings).
 * Absent when this build has no alerts page, so no button leads nowhere.
 */
import { useMemo } from 'react';
import { useT } from '../../widgets/_shared/use-t';
import { useHost, type TradeMode } from '../host-context';
import { navigate } from '../routing/history';
import { isBuilt, pathOf } from '../routing/routes';

/** What the host hands the quote tables and order forms. */
export interface SetAlertAction {
  text: string;
  label(symbol: string): string;
  open(symbol: string, bid: string): void;
}

function openFor(mode: TradeMode) {
  return (symbol: string, bid: string): void => {
    const query = new URLSearchParams({ symbol });
    if (bid) query.set('level', bid);
    // The alert records the trade mode whose screen set it (market is the default).
    if (mode === 'option') query.set('mode', mode);
    navigate(`${pathOf('alerts')}?${query.toString()}`);
  };
}

const BUILT = isBuilt('alerts');

/** The `setAlert` of the host's quote tables and order forms, or undefined without the alerts page. */
export function useSetAlert(): SetAlertAction | undefined {
  const t = useT();
  const { tradeMode } = useHost();
  return useMemo(() => {
    if (!BUILT) return undefined;
    // Asked by every quote row at each of its price updates: translated once per symbol and language (EK28).
    const labels = new Map<string, string>();
    const label = (symbol: string) => {
      let text = labels.get(symbol);
      if (text === undefined) labels.set(symbol, (text = t('alerts.set_alert_for', { symbol })));
      return text;
    };
    return { text: t('alerts.set_alert'), label, open: openFor(tradeMode) };
  }, [t, tradeMode]);
}
