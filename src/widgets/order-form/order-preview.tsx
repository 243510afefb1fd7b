import type { ReactNode } from 'react';
import { formatAmount } from '../../core/domain/format';
import type { OrderPreview, PreviewError } from '../../core/domain/trade-preview';
import type { Translate } from '../_shared/use-t';

/** Props of PreviewList. */
export interface PreviewListProps {
  preview: OrderPreview | { error: PreviewError } | null;
  available: string | null;
  multiple: number | null;
  feeType: string | null;
  /** Shown instead of the plain balance note when the balance cannot cover the order (a real account). */
  fundNotice?: ReactNode;
  t: Translate;
}

const usd = (value: string | null | undefined) => `${formatAmount(value)} USD`;

/** Spec §2 pre-trade preview: leverage, value, margin, fee, available balance and the balance after. */
export function PreviewList({ preview, available, multiple, feeType, fundNotice, t }: PreviewListProps) {
  const figures = preview && !('error' in preview) ? preview : null;
  const row = (key: string, label: string, value: string, tone?: 'danger') => (
    <div className="tk-order-form__row" data-testid={`preview-${key}`} data-tone={tone}>
      <dt>{label}</dt>
      <dd className="tk-num">{value}</dd>
    </div>
  );
  return (
    <section className="tk-order-form__preview" part="preview" aria-label={t('order.preview')}>
      <dl>
        {row('leverage', t('order.leverage'), multiple ? `1:${multiple}` : '--')}
        {row('value', t('order.value'), figures ? usd(figures.value) : '--')}
        {row('margin', t('order.margin'), figures ? usd(figures.margin) : '--')}
        {row('fee', t('order.fee'), figures ? usd(figures.fee) : '--')}
        {row('available', t('order.available'), available === null ? '--' : usd(available))}
        {row(
          'balance-after',
          t('order.balance_after'),
          figures?.balanceAfter ? usd(figures.balanceAfter) : '--',
          figures && !figures.enough ? 'danger' : undefined,
        )}
      </dl>
      {preview && 'error' in preview ? (
        <p className="tk-order-form__note" role="note">
          {preview.error === 'fee_type_unsupported'
            ? t('msg.fee_type_unsupported', { type: feeType ?? '' })
            : t('order.rate_unknown')}
        </p>
      ) : null}
      {figures && !figures.enough && fundNotice ? fundNotice : null}
      {figures && !figures.enough && !fundNotice ? (
        <p className="tk-order-form__note" data-tone="danger" data-testid="balance-warning">
          {t('msg.balance_not_enough')}
        </p>
      ) : null}
    </section>
  );
}
