import { useCallback, useMemo } from 'react';
import type { MarketOrder, UpdateOrderRequest } from '../../core/contract/trading';
import type { CallResult } from '../../core/runtime/types';
import { getSession } from '../../core/session/session';
import { createTradingApi } from '../../core/trading/trading-api';
import { announceClosed } from './announcer';
import { usePlatform } from './platform-context';
import { useT } from './use-t';
import { useToast } from './toast';

// The widget tells the outcome itself; the page-level error listener must not toast it a second time.
const SILENT = { silent: true } as const;

/** Close, cancel and SL/TP changes of the signed-in account (Mock calls on the demo account, spec §6). */
export function useOrderActions() {
  const platform = usePlatform();
  const t = useT();
  const toast = useToast();
  const session = useMemo(() => getSession(platform), [platform]);
  const api = useMemo(() => createTradingApi(platform), [platform]);

  // The outcome of an order call is always told: success, or the server's translated message with its code.
  // A close is said by the page's announcer with its P&L in words, so its toast is shown without a voice.
  const run = useCallback(
    async <T>(
      call: (virtual: boolean) => Promise<CallResult<T>>,
      announced?: (data: T) => void,
    ): Promise<boolean> => {
      const result = await call(session.getState().virtual);
      if (result.ok) toast(t('msg.operation_success'), 'info', announced !== undefined);
      else toast(result.message, 'error');
      if (result.ok) announced?.(result.data);
      return result.ok;
    },
    [session, toast, t],
  );

  return useMemo(
    () => ({
      close: (order: MarketOrder) =>
        run(
          (virtual) => api.closeOrder(order.id, virtual, SILENT),
          (answered) => void announceClosed(platform, order, answered),
        ),
      cancel: (order: MarketOrder) => run((virtual) => api.cancelOrder(order.id, virtual, SILENT)),
      update: (change: UpdateOrderRequest) => run((virtual) => api.updateOrder(change, virtual, SILENT)),
    }),
    [api, run, platform],
  );
}
