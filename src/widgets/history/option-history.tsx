import { useRef, useState } from 'react';
import { OptionPositionStatus } from '../../core/contract/options';
import type { OptionOrder } from '../../core/contract/options';
import { SHORT_DATE_TIME_FORMAT, formatAmount, formatTime } from '../../core/domain/format';
import { optionDirection } from '../../core/domain/option-order';
import { pnlTone, priceText, signedAmount } from '../../core/domain/order-format';
import type { Translate } from '../_shared/use-t';
import { DetailField } from './history-detail';
import { HistoryDrawer } from './history-drawer';
import { ListFoot } from './list-foot';
import { nextOptionPage, optionStatusKey, rateText } from './option-history.logic';
import { useInfiniteScroll } from './use-infinite-scroll';
import { useOptionHistoryPages } from './use-option-history-pages';

/** Props of OptionHistory. */
export interface OptionHistoryProps {
  t: Translate;
  timezone: string | undefined;
  /** Changes when the signed-in account (real/demo, user) changes: the list starts again. */
  accountKey: string;
}

/** Every field of one option (spec §3 Option order); the settlement time only once it is settled. */
function OptionDetail({
  order,
  t,
  timezone,
  onClose,
}: {
  order: OptionOrder;
  t: Translate;
  timezone: string | undefined;
  onClose: () => void;
}) {
  const time = (ms: number | null) => formatTime(ms, undefined, timezone);
  const direction = optionDirection(order);
  const finished = order.positionStatus === OptionPositionStatus.finished;
  return (
    <HistoryDrawer title={t('history.option.detail_title')} closeLabel={t('common.close')} onClose={onClose}>
      <dl className="tk-drawer__fields tk-hist__fields">
        <DetailField label={t('history.option.field.uid')}>{order.uid}</DetailField>
        <DetailField label={t('history.option.field.trade_pair')}>{order.tradePair}</DetailField>
        <DetailField label={t('history.option.field.product')}>
          {order.productName || order.tradePair}
        </DetailField>
        <DetailField
          label={t('history.option.field.status')}
          id="status"
          tone={finished ? 'info' : 'warning'}
        >
          {t(optionStatusKey(order))}
        </DetailField>
        <DetailField label={t('history.option.field.direction')} tone={direction}>
          {t(`history.option.${direction}`)}
        </DetailField>
        <DetailField label={t('history.option.field.amount')} id="amount">
          {formatAmount(order.amount)}
        </DetailField>
        <DetailField label={t('history.option.field.price')} id="price">
          {priceText(order.price)}
        </DetailField>
        <DetailField label={t('history.option.field.price_end')} id="price-end">
          {priceText(order.priceEnd)}
        </DetailField>
        <DetailField label={t('history.option.field.rate')} id="rate">
          {rateText(order.rate)}
        </DetailField>
        <DetailField label={t('history.option.field.fee')} id="fee">
          {formatAmount(order.feeAmount)}
        </DetailField>
        <DetailField label={t('history.option.field.time_long')} id="time-long">
          {t('history.option.seconds', { count: order.timeLong })}
        </DetailField>
        <DetailField label={t('history.option.field.win_loss')} tone={pnlTone(order.winLost)} id="win-loss">
          {signedAmount(order.winLost)}
        </DetailField>
        <DetailField label={t('history.option.field.begin_time')} id="begin-time">
          {time(order.beginTime)}
        </DetailField>
        <DetailField label={t('history.option.field.end_time')} id="end-time">
          {time(order.endTime)}
        </DetailField>
        {finished ? (
          <DetailField label={t('history.option.field.complete_time')} id="complete-time">
            {time(order.completeTime)}
          </DetailField>
        ) : null}
      </dl>
    </HistoryDrawer>
  );
}

/**
 * The history page in option mode (spec §2, §4): total and today's win/loss, the settled options 10 at a
 * time while scrolled to the end (the same infinite list as market mode) and a detail drawer.
 */
export function OptionHistory({ t, timezone, accountKey }: OptionHistoryProps) {
  const { paging, loading, loadMore, retry } = useOptionHistoryPages(accountKey);
  const [selected, setSelected] = useState<OptionOrder | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const canLoad = !loading && nextOptionPage(paging) !== null;
  useInfiniteScroll(sentinel, loadMore, canLoad, `${paging.page}|${paging.items.length}`);
  return (
    <>
      <header className="tk-hist__head" part="header">
        <h2 className="tk-hist__title">{t('history.option.title')}</h2>
        <dl className="tk-hist__totals" part="pnl">
          <div>
            <dt>{t('history.option.total_win_loss')}</dt>
            <dd className="tk-num" data-tone={pnlTone(paging.totalWinLoss)} data-testid="option-total">
              {signedAmount(paging.totalWinLoss)}
            </dd>
          </div>
          <div>
            <dt>{t('history.option.today_win_loss')}</dt>
            <dd className="tk-num" data-tone={pnlTone(paging.todayWinLoss)} data-testid="option-today">
              {signedAmount(paging.todayWinLoss)}
            </dd>
          </div>
        </dl>
      </header>
      <div className="tk-hist__list" aria-busy={loading || undefined}>
        {paging.items.length > 0 ? (
          <table className="tk-hist__table" part="table">
            <caption className="tk-visually-hidden">{t('history.option.list_label')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('history.option.field.product')}</th>
                <th scope="col" data-num>
                  {t('history.option.field.amount')}
                </th>
                <th scope="col" data-num>
                  {t('history.option.field.win_loss')}
                </th>
                <th scope="col" data-num data-wide>
                  {t('history.option.field.complete_time')}
                </th>
              </tr>
            </thead>
            <tbody>
              {paging.items.map((order) => {
                const direction = optionDirection(order);
                return (
                  <tr
                    key={order.uid}
                    className="tk-hist__row"
                    part="row"
                    data-order={order.uid}
                    onClick={() => setSelected(order)}
                  >
                    <th scope="row">
                      <button
                        type="button"
                        className="tk-hist__product"
                        aria-haspopup="dialog"
                        onClick={(e) => {
                          e.stopPropagation();
                          setSelected(order);
                        }}
                      >
                        <span className="tk-hist__symbol">{order.productName || order.tradePair}</span>
                        <span
                          className="tk-hist__side"
                          data-side={direction === 'down' ? 'sell' : 'buy'}
                          part="side"
                        >
                          {t(`history.option.${direction}`)}
                        </span>
                      </button>
                    </th>
                    <td className="tk-num" data-num>
                      {formatAmount(order.amount)}
                    </td>
                    <td className="tk-num" data-num data-tone={pnlTone(order.winLost)} data-field="win-loss">
                      {signedAmount(order.winLost)}
                    </td>
                    <td className="tk-num" data-num data-wide>
                      {formatTime(order.completeTime ?? order.endTime, SHORT_DATE_TIME_FORMAT, timezone)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : paging.done ? (
          <p className="tk-state" part="empty">
            {t('history.option.empty')}
          </p>
        ) : null}
        <ListFoot
          ref={sentinel}
          t={t}
          error={paging.error}
          loading={loading || (paging.page === 0 && !paging.done)}
          done={paging.done}
          hasItems={paging.items.length > 0}
          failedKey="history.option.load_failed"
          endKey="history.option.end"
          onRetry={retry}
          onMore={loadMore}
        />
      </div>
      {selected ? (
        <OptionDetail order={selected} t={t} timezone={timezone} onClose={() => setSelected(null)} />
      ) : null}
    </>
  );
}
