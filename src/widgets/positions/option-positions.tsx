import type { OptionOrder } from '../../core/contract/options';
import { EMPTY_VALUE, formatAmount } from '../../core/domain/format';
import { standingTone, type LiveOptionState } from '../../core/domain/option-live';
import {
  OPTION_TICK_MS,
  optionCountdownText,
  optionProgress,
  optionRemainingMs,
} from '../../core/domain/option-order';
import { priceText } from '../../core/domain/order-format';
import { OptionRecordTitle, RecordList } from '../_shared/record-list';
import type { RecordField } from '../_shared/record-list';
import type { Translate } from '../_shared/use-t';
import { OptionSettlementDrawer } from './option-settlement';
import { useLiveOptionState, useRunningOptions, useTicker } from '../_shared/use-running-options';

type LiveOf = (o: OptionOrder) => LiveOptionState | null;

/**
 * The live bid and where the option stands against its entry: the word says it (not the colour alone), the
 * signed move follows, and the brand's up/down colour marks winning/losing.
 */
function LiveState({ state, t }: { state: LiveOptionState | null; t: Translate }) {
  if (!state) return <span className="tk-num">{EMPTY_VALUE}</span>;
  return (
    <span className="tk-pos__live" data-standing={state.standing}>
      <span className="tk-num">{priceText(state.live)}</span>
      <span className="tk-pos__standing">
        {t(`position.option.standing.${state.standing}`)} <span className="tk-num">{state.move}</span>
      </span>
    </span>
  );
}

/** Props of OptionPositions. */
export interface OptionPositionsProps {
  t: Translate;
  /** Changes when the signed-in account (real/demo, user) changes: the list starts again. */
  accountKey: string;
  /** Where "View position" of the settlement drawer goes. */
  onView: () => void;
}

/** Where a settled option is found: the (option) history, newest first. */
export const SETTLED_PATH = '/history';

function optionFields(now: number, t: Translate, liveOf: LiveOf): RecordField<OptionOrder>[] {
  return [
    {
      id: 'amount',
      label: t('position.option.amount'),
      value: (o) => formatAmount(o.amount),
      numeric: true,
    },
    {
      id: 'entry-price',
      label: t('position.option.entry_price'),
      value: (o) => priceText(o.price),
      numeric: true,
    },
    {
      id: 'live-price',
      label: t('position.option.live_price'),
      value: (o) => <LiveState state={liveOf(o)} t={t} />,
      tone: (o) => {
        const state = liveOf(o);
        return state ? standingTone(state.standing) : undefined;
      },
      numeric: true,
      testId: 'live-price',
    },
    {
      id: 'time-left',
      label: t('position.option.time_left'),
      wide: true,
      value: (o) => {
        const progress = optionProgress(o, now);
        return (
          <span className="tk-pos__timer">
            <span
              className="tk-pos__progress"
              role="progressbar"
              aria-label={t('position.option.time_left')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              part="progress"
            >
              <span className="tk-pos__progress-fill" style={{ inlineSize: `${progress}%` }} />
            </span>
            <span className="tk-num tk-pos__countdown" data-testid="countdown">
              {optionCountdownText(optionRemainingMs(o, now))}
            </span>
          </span>
        );
      },
    },
  ];
}

/** The running options: a table in a wide widget, cards in a narrow one, each with its progress and countdown. */
function OptionTable({ items, now, t }: { items: readonly OptionOrder[]; now: number; t: Translate }) {
  const live = useLiveOptionState();
  const liveOf: LiveOf = (o) => live({ symbol: o.tradePair, orderType: o.orderType, entry: o.price });
  return (
    <RecordList
      items={items}
      keyOf={(o) => o.uid}
      label={t('position.option.running')}
      titleLabel={t('position.col_product')}
      title={(o) => (
        <OptionRecordTitle order={o} sideLabel={(direction) => t(`position.option.${direction}`)} />
      )}
      fields={optionFields(now, t, liveOf)}
      rowData={(o) => ({ 'data-order': o.uid })}
    />
  );
}

/**
 * The position page in option mode (spec §2, §4): the running options with a progress bar (time left ÷
 * delivery time, 100 steps, every 200 ms) and a countdown. A row leaves at 0 and the settlement drawer
 * opens for it; several expiring together are shown one after the other.
 */
export function OptionPositions({ t, accountKey, onView }: OptionPositionsProps) {
  const now = useTicker(OPTION_TICK_MS);
  const { items, error, expired, dismiss, reload } = useRunningOptions(accountKey, now);
  const running = items?.filter((order) => optionRemainingMs(order, now) > 0) ?? null;
  const settling = expired[0];
  return (
    <div className="tk-pos__panel">
      {error ? (
        <div className="tk-banner" data-tone="danger" role="alert" part="banner">
          <span className="tk-banner__text">
            {t('position.option.load_failed')} {error}
          </span>
          <button type="button" className="tk-button" onClick={reload}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {running === null ? (
        error ? null : (
          <p className="tk-state" role="status">
            {t('app.loading')}
          </p>
        )
      ) : running.length === 0 ? (
        <p className="tk-state" part="empty">
          {t('position.option.empty')}
        </p>
      ) : (
        <OptionTable items={running} now={now} t={t} />
      )}
      {settling ? (
        <OptionSettlementDrawer
          key={settling.uid}
          order={settling}
          t={t}
          onView={() => {
            dismiss();
            onView();
          }}
          onClose={() => {
            dismiss();
            reload();
          }}
        />
      ) : null}
    </div>
  );
}
