import { formatAmount, formatPrice } from '../../core/domain/format';
import { standingTone } from '../../core/domain/option-live';
import { optionOutcome } from '../../core/domain/option-payload';
import { formatCountdown, optionProgress, remainingMs } from '../../core/domain/option-ticket';
import { ModalDrawer } from '../_shared/drawer';
import type { Translate } from '../_shared/use-t';
import { useLiveOptionState } from '../_shared/use-running-options';
import type { OptionPhase, PlacedOption } from './use-option-lifecycle';

/** Props of OptionDrawers. */
export interface OptionDrawersProps {
  state: OptionPhase;
  precision: number;
  t: Translate;
  onClose(): void;
  onHistory(): void;
}

const money = (value: string) => `${formatAmount(value, { decimals: 2 })} USD`;

/** The success drawer while the option runs, then the settlement drawer (spec §4). */
export function OptionDrawers({ state, precision, t, onClose, onHistory }: OptionDrawersProps) {
  if (state.phase === 'idle') return null;
  if (state.phase === 'running') {
    return (
      <SuccessDrawer option={state.option} now={state.now} precision={precision} t={t} onClose={onClose} />
    );
  }
  const { option } = state;
  const history = (
    <button type="button" className="tk-button" data-testid="view-history" onClick={onHistory}>
      {t('option_form.view_history')}
    </button>
  );
  const close = (
    <button type="button" className="tk-button tk-option-form__primary" data-autofocus onClick={onClose}>
      {t('common.close')}
    </button>
  );
  return (
    <ModalDrawer
      title={t('option_form.settlement_title')}
      onClose={onClose}
      closeLabel={t('common.close')}
      block="tk-option-form"
      part="drawer settlement"
      actions={
        <>
          {history}
          {close}
        </>
      }
    >
      {/* Not a live region: the page's announcer says the result once, with the win or loss in words. */}
      <div data-testid="settlement" data-phase={state.phase}>
        {state.phase === 'settling' ? (
          <p className="tk-option-form__settling" role="status">
            {t('option_form.settling')}
          </p>
        ) : null}
        {state.phase === 'failed' ? (
          <p className="tk-option-form__failed" role="alert" data-testid="settlement-error">
            {t('msg.result_failed')}
          </p>
        ) : null}
        {state.phase === 'settled' ? (
          <Result option={option} order={state.order} precision={precision} t={t} />
        ) : null}
      </div>
    </ModalDrawer>
  );
}

function Result({
  option,
  order,
  precision,
  t,
}: {
  option: PlacedOption;
  order: { price: string; priceEnd: string | null; winLost: string | null; orderType: 0 | 1 };
  precision: number;
  t: Translate;
}) {
  const outcome =
    order.priceEnd === null ? null : optionOutcome(order.orderType, order.price, order.priceEnd);
  return (
    <dl className="tk-option-form__facts" data-testid="settlement-result" data-outcome={outcome ?? undefined}>
      <Fact
        label={t('option_form.direction')}
        value={t(option.direction === 0 ? 'option_form.up' : 'option_form.down')}
      />
      <Fact label={t('option_form.amount')} value={money(option.amount)} />
      <Fact
        label={t('option_form.entry_price')}
        value={formatPrice(order.price, precision)}
        testId="entry-price"
      />
      <Fact
        label={t('option_form.exit_price')}
        value={formatPrice(order.priceEnd, precision)}
        testId="exit-price"
      />
      <Fact
        label={t('option_form.win_lost')}
        value={`${outcome ? `${t(`option_form.result.${outcome}`)} ` : ''}${money(order.winLost ?? '0')}`}
        testId="win-lost"
        tone={outcome === 'win' ? 'up' : outcome === 'loss' ? 'down' : undefined}
      />
    </dl>
  );
}

function SuccessDrawer({
  option,
  now,
  precision,
  t,
  onClose,
}: {
  option: PlacedOption;
  now: number;
  precision: number;
  t: Translate;
  onClose(): void;
}) {
  const left = remainingMs(option.endsAt, now);
  const progress = optionProgress(left, option.timeLong);
  const live = useLiveOptionState()({
    symbol: option.symbol,
    orderType: option.direction,
    entry: option.price,
  });
  return (
    <ModalDrawer
      title={t('option_form.success_title')}
      onClose={onClose}
      closeLabel={t('common.close')}
      block="tk-option-form"
      part="drawer success"
      actions={
        <button type="button" className="tk-button tk-option-form__primary" data-autofocus onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      <div data-testid="success">
        <p className="tk-option-form__countdown tk-num" data-testid="countdown" part="countdown">
          {formatCountdown(left)}
        </p>
        <div
          className="tk-option-form__progress"
          role="progressbar"
          aria-label={t('option_form.remaining')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          data-testid="progress"
          part="progress"
        >
          <span className="tk-option-form__progress-bar" style={{ width: `${progress}%` }} />
        </div>
        <dl className="tk-option-form__facts">
          <Fact
            label={t('option_form.direction')}
            value={t(option.direction === 0 ? 'option_form.up' : 'option_form.down')}
          />
          <Fact label={t('option_form.amount')} value={money(option.amount)} />
          <Fact label={t('option_form.entry_price')} value={formatPrice(option.price, precision)} />
          <Fact
            label={t('option_form.live_price')}
            value={live ? `${formatPrice(live.live, precision)} (${live.move})` : formatPrice(null)}
            testId="option-live-price"
          />
          {/* The standing in words, not colour alone; the colour is the brand's up/down token. */}
          <Fact
            label={t('option_form.standing_label')}
            value={live ? t(`option_form.standing.${live.standing}`) : formatPrice(null)}
            testId="option-standing"
            tone={live ? standingTone(live.standing) : undefined}
          />
        </dl>
      </div>
    </ModalDrawer>
  );
}

function Fact({
  label,
  value,
  testId,
  tone,
}: {
  label: string;
  value: string;
  testId?: string;
  tone?: 'up' | 'down' | undefined;
}) {
  return (
    <div className="tk-option-form__fact">
      <dt>{label}</dt>
      <dd className="tk-num" data-testid={testId} data-tone={tone}>
        {value}
      </dd>
    </div>
  );
}
