/**
 * The order tools of an open position (issue #25, decisions OT1–OT12): close part of it, trail its stop loss,
 * move the stop to break-even. Loaded with the drawer of an open position only, so the positions widget's
 * first paint does not carry it.
 */
import { useId, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { breakEven, closePart, trailingStop } from '../../core/contract/trading';
import type { MarketOrder } from '../../core/contract/trading';
import { formatAmount } from '../../core/domain/format';
import type { CallResult } from '../../core/runtime/types';
import { getSession } from '../../core/session/session';
import { AmountInput } from '../_shared/amount-input';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { useToast } from '../_shared/toast';
import type { Translate } from '../_shared/use-t';
import { usePartCss } from '../_shared/widget-host';
import toolsCss from './order-tools.css?inline';
import { distanceIssue, distanceRules, partIssue, partRules, trailingOf } from './order-tools.logic';
import { closeLockLeft, countdownText } from './positions.logic';

/** Props of OrderTools. */
export interface OrderToolsProps {
  order: MarketOrder;
  t: Translate;
}

// The tool tells the outcome itself; the page-level error listener must not toast it a second time.
const SILENT = { silent: true } as const;

/** Runs one tool call on the session's account (Mock on demo) and toasts its outcome. */
function useToolCall() {
  const platform = usePlatform();
  const toast = useToast();
  const session = useMemo(() => getSession(platform), [platform]);
  return async <T,>(call: (mock: boolean) => Promise<CallResult<T>>, done: string): Promise<boolean> => {
    const result = await call(session.getState().virtual);
    toast(result.ok ? done : result.message, result.ok ? 'info' : 'error');
    return result.ok;
  };
}

/** Close part: the lots to close (the position's lot decimals), locked like the close button for 3 minutes. */
function ClosePart({ order, t }: OrderToolsProps) {
  const platform = usePlatform();
  const run = useToolCall();
  const id = useId();
  const now = useAtomValue(platform.atoms.clock);
  const [lots, setLots] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(false);
  const issue = partIssue(order, lots);
  const locked = closeLockLeft(order, now);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (issue || locked > 0 || busy) return;
    setBusy(true);
    const ok = await run(
      (mock) =>
        platform.api.call(closePart, { orderId: order.id, quantity: lots.trim() }, { ...SILENT, mock }),
      t('position.tools.part_done', { lots: lots.trim(), symbol: order.productName || order.tradePair }),
    );
    setBusy(false);
    if (ok) {
      setLots('');
      setShown(false);
    }
  };
  return (
    <form className="tk-pos__tool" onSubmit={(e) => void submit(e)} data-testid="close-part">
      <label className="tk-pos__subtitle" htmlFor={`${id}-lots`}>
        {t('position.tools.part_title')}
      </label>
      <div className="tk-pos__tool-row">
        <AmountInput
          id={`${id}-lots`}
          className="tk-pos__input tk-num"
          {...partRules(order)}
          value={lots}
          placeholder={t('position.tools.part_placeholder', {
            lots: formatAmount(order.orderQuantity, { thousands: false }),
          })}
          message={shown && issue ? t(issue) : null}
          aria-invalid={(shown && issue !== null) || undefined}
          onValue={setLots}
        />
        <button
          type="submit"
          className="tk-pos__btn"
          data-variant="danger"
          disabled={busy || locked > 0}
          aria-busy={busy || undefined}
        >
          {locked > 0
            ? t('position.cover_in', { time: countdownText(locked) })
            : t('position.tools.part_action')}
        </button>
      </div>
    </form>
  );
}

/** Trailing stop: the state line, a distance to set, and a button to stop trailing. */
function Trailing({ order, t }: OrderToolsProps) {
  const platform = usePlatform();
  const run = useToolCall();
  const id = useId();
  const [distance, setDistance] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(false);
  const trailing = trailingOf(order);
  const invalid = distanceIssue(order, distance);
  const send = async (value: string, done: string) => {
    setBusy(true);
    const ok = await run(
      (mock) => platform.api.call(trailingStop, { orderId: order.id, distance: value }, { ...SILENT, mock }),
      done,
    );
    setBusy(false);
    if (ok) {
      setDistance('');
      setShown(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (!invalid && !busy) void send(distance.trim(), t('position.tools.trailing_done'));
  };
  return (
    <form className="tk-pos__tool" onSubmit={submit} data-testid="trailing">
      <label className="tk-pos__subtitle" htmlFor={`${id}-distance`}>
        {t('position.tools.trailing_title')}
      </label>
      <p className="tk-pos__trailing" role="status" data-testid="trailing-state">
        {trailing
          ? t('position.tools.trailing_on', { distance: trailing, stop: order.stopPrice ?? '' })
          : t('position.tools.trailing_off')}
      </p>
      <div className="tk-pos__tool-row">
        <AmountInput
          id={`${id}-distance`}
          className="tk-pos__input tk-num"
          {...distanceRules(order)}
          value={distance}
          placeholder={t('position.tools.trailing_placeholder')}
          message={shown && invalid && distance.trim() === '' ? t('position.tools.trailing_empty') : null}
          aria-invalid={(shown && invalid) || undefined}
          onValue={setDistance}
        />
        <button
          type="submit"
          className="tk-pos__btn"
          data-variant="primary"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {t('position.tools.trailing_action')}
        </button>
        {trailing ? (
          <button
            type="button"
            className="tk-pos__btn"
            disabled={busy}
            onClick={() => void send('', t('position.tools.trailing_stopped'))}
          >
            {t('position.tools.trailing_stop')}
          </button>
        ) : null}
      </div>
      <p className="tk-pos__hint">{t('position.tools.trailing_hint')}</p>
    </form>
  );
}

/** Break-even: one action, refused by the server (309) unless the position is in profit by the spread. */
function BreakEven({ order, t }: OrderToolsProps) {
  const platform = usePlatform();
  const run = useToolCall();
  const [busy, setBusy] = useState(false);
  const press = async () => {
    setBusy(true);
    await run(
      (mock) => platform.api.call(breakEven, { orderId: order.id }, { ...SILENT, mock }),
      t('position.tools.break_even_done'),
    );
    setBusy(false);
  };
  return (
    <div className="tk-pos__tool">
      <div className="tk-pos__tool-row">
        <button
          type="button"
          className="tk-pos__btn"
          disabled={busy}
          aria-busy={busy || undefined}
          data-testid="break-even"
          onClick={() => void press()}
        >
          {t('position.tools.break_even_action')}
        </button>
      </div>
      <p className="tk-pos__hint">{t('position.tools.break_even_hint')}</p>
    </div>
  );
}

/** The three tools of an open position. */
export function OrderTools({ order, t }: OrderToolsProps) {
  usePartCss('order-tools', toolsCss);
  return (
    <section className="tk-pos__tools" part="order-tools" aria-label={t('position.tools.title')}>
      <ClosePart order={order} t={t} />
      <Trailing order={order} t={t} />
      <BreakEven order={order} t={t} />
    </section>
  );
}
