/**
 * The blocking rules' current verdict for the signed-in account (`waa/order/placementBlocks`, KB1): what the
 * order and option forms say before the trader fills them in. Asked again whenever the answer may have
 * changed (KB2): the product, kind, user or account mode changes; the balance moves (a refused withdrawal is
 * refunded, a deposit credited, a withdrawal submitted elsewhere); the exchange socket pushes a notification
 * (a review answers with one); the page gets focus or becomes visible again; a submit was refused.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { placementBlocks, type PlacementBlock } from '../../core/contract/placement';
import { loadCodeMessages } from '../../core/i18n/i18n';
import { getSession } from '../../core/session/session';
import { getOrders } from '../../core/state/orders';
import { usePlatform } from './platform-context';
import { useAtomValue } from './store-react';
import { useChanges } from './use-changes';

/** Which placement the form makes. */
export type PlacementKind = 'market' | 'option';

/** The blocks that apply now; empty while signed out, before the first answer and after a failed ask. */
export function usePlacementBlocks(
  kind: PlacementKind,
  symbol: string,
  /** Changes after each refused submit (the error toast's id), so the verdict is asked again. */
  refusal: number,
): PlacementBlock[] {
  const platform = usePlatform();
  const session = useMemo(() => getSession(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  const balance = useAtomValue(session.atoms.balance)?.balanceAmount ?? null;
  const key =
    state.status === 'signedIn' && symbol ? `${state.uid ?? ''}|${state.virtual}|${kind}|${symbol}` : null;
  const [answer, setAnswer] = useState<{ key: string; blocks: PlacementBlock[] } | null>(null);
  const asked = useRef(0);
  // How often a known balance moved: the balance's first answer, which comes beside the first ask, is no move.
  const moves = useChanges(balance, (amount) => amount !== null);

  const refresh = useCallback(async () => {
    if (key === null) return;
    const ask = ++asked.current;
    const result = await platform.api.call(placementBlocks, { tradePair: symbol, kind }, { silent: true });
    // Only the latest question's answer counts; a failed ask keeps what is shown (the submit still checks).
    if (ask !== asked.current || !result.ok) return;
    // The catalogue texts load with the first failed call; a notice may come before any: load them first.
    if (result.data.blocks.length > 0) await loadCodeMessages(platform.i18n).catch(() => undefined);
    if (ask !== asked.current) return;
    setAnswer({ key, blocks: result.data.blocks });
  }, [platform, key, symbol, kind]);

  useEffect(() => {
    void refresh();
  }, [refresh, moves, refusal]);

  useEffect(() => {
    if (key === null) return undefined;
    const again = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    const { feed } = getOrders(platform);
    let seen = feed.getSnapshot().notifications?.seq ?? 0;
    const release = feed.subscribe((snapshot) => {
      const seq = snapshot.notifications?.seq ?? 0;
      if (seq === seen) return;
      seen = seq;
      void refresh();
    });
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
      release();
    };
  }, [platform, key, refresh]);

  return answer !== null && answer.key === key ? answer.blocks : [];
}
