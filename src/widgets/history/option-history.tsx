import { useCallback, useState } from 'react';
import { OptionPositionStatus, findOptionHistory } from '../../core/contract/options';
import type { OptionOrder } from '../../core/contract/options';
import { SHORT_DATE_TIME_FORMAT, formatAmount, formatZonedTime } from '../../core/domain/format';
import { optionDirection } from '../../core/domain/option-order';
import { pnlTone, priceText, signedAmount } from '../../core/domain/order-format';
import { PagedList } from '../_shared/list-foot';
import { asPage } from '../_shared/paging';
import { usePlatform } from '../_shared/platform-context';
import { OptionRecordTitle, RecordList } from '../_shared/record-list';
import type { RecordField } from '../_shared/record-list';
import { usePages } from '../_shared/use-pages';
import type { Translate } from '../_shared/use-t';
import { DetailField } from '../_shared/drawer';
import { HistoryDrawer } from './history-drawer';
import { optionHistoryQuery, optionPage, optionStatusKey, rateText } from './option-history.logic';

/** Props of OptionHistory. */
export interface OptionHistoryProps {
  t: Translate;
  timezone: string | undefined;
  /** Changes when the signed-in account (real/demo, user) changes: the list starts again. */
  accountKey: string;
}

/** Every field of one option (spec §3 Option order); the settlement time only once it is settled. */
export function OptionDetail({
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
  const time = (ms: number | null) => formatZonedTime(ms, timezone);
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
 * The fields of a settled option in table order: the win/loss is the card's headline; a card adds the fee
 * and the start time.
 */
function optionFields(t: Translate, timezone: string | undefined): RecordField<OptionOrder>[] {
  const time = (ms: number | null) => formatZonedTime(ms, timezone, SHORT_DATE_TIME_FORMAT);
  return [
    {
      id: 'amount',
      label: t('history.option.field.amount'),
      value: (o) => formatAmount(o.amount),
      numeric: true,
    },
    {
      id: 'win-loss',
      label: t('history.option.field.win_loss'),
      value: (o) => signedAmount(o.winLost),
      tone: (o) => pnlTone(o.winLost),
      numeric: true,
      lead: true,
    },
    {
      id: 'fee',
      label: t('history.option.field.fee'),
      value: (o) => formatAmount(o.feeAmount),
      numeric: true,
      only: 'cards',
    },
    {
      id: 'begin-time',
      label: t('history.option.field.begin_time'),
      value: (o) => time(o.beginTime),
      numeric: true,
      only: 'cards',
    },
    {
      id: 'complete-time',
      label: t('history.option.field.complete_time'),
      value: (o) => time(o.completeTime ?? o.endTime),
      numeric: true,
    },
  ];
}

/**
 * The history page in option mode (spec §2, §4): total and today's win/loss, the settled options 10 at a
 * time while scrolled to the end (the same infinite list as market mode) and a detail drawer.
 */
export function OptionHistory({ t, timezone, accountKey }: OptionHistoryProps) {
  const platform = usePlatform();
  // The token decides whose options (real or demo), so there is no Mock variant.
  const fetchPage = useCallback(
    (page: number) =>
      platform.api
        .call(findOptionHistory, optionHistoryQuery(page), { silent: true })
        .then((r) => asPage(r, optionPage)),
    [platform],
  );
  const pages = usePages(accountKey, fetchPage);
  const { paging } = pages;
  const [selected, setSelected] = useState<OptionOrder | null>(null);
  return (
    <>
      <header className="tk-hist__head" part="header">
        <h2 className="tk-hist__title">{t('history.option.title')}</h2>
        <dl className="tk-hist__totals" part="pnl">
          <div>
            <dt>{t('history.option.total_win_loss')}</dt>
            <dd
              className="tk-num"
              data-tone={pnlTone(paging.summary?.total ?? null)}
              data-testid="option-total"
            >
              {signedAmount(paging.summary?.total ?? null)}
            </dd>
          </div>
          <div>
            <dt>{t('history.option.today_win_loss')}</dt>
            <dd
              className="tk-num"
              data-tone={pnlTone(paging.summary?.today ?? null)}
              data-testid="option-today"
            >
              {signedAmount(paging.summary?.today ?? null)}
            </dd>
          </div>
        </dl>
      </header>
      <PagedList
        t={t}
        pages={pages}
        block="tk-hist"
        keys={{
          empty: 'history.option.empty',
          failed: 'history.option.load_failed',
          end: 'history.option.end',
          more: 'history.load_more',
        }}
      >
        <RecordList
          items={paging.items}
          keyOf={(o) => o.uid}
          label={t('history.option.list_label')}
          titleLabel={t('history.option.field.product')}
          title={(o) => (
            <OptionRecordTitle order={o} sideLabel={(direction) => t(`history.option.${direction}`)} />
          )}
          fields={optionFields(t, timezone)}
          onOpen={setSelected}
          rowData={(o) => ({ 'data-order': o.uid })}
        />
      </PagedList>
      {selected ? (
        <OptionDetail order={selected} t={t} timezone={timezone} onClose={() => setSelected(null)} />
      ) : null}
    </>
  );
}
