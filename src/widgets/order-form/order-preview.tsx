import type { ReactNode } from 'react';
import type { ProductInfo } from '../../core/contract/types';
import { withinRetailLimit } from '../../core/domain/leverage-caps';
import { formatAmount } from '../../core/domain/format';
import type { OrderPreview, PreviewError } from '../../core/domain/trade-preview';
import type { Translate } from '../_shared/use-t';

/** Props of PreviewList. */
export interface PreviewListProps {
  preview: OrderPreview | { error: PreviewError } | null;
  available: string | null;
  /** The product as answered for the trader's brand: its leverage, fee type and retail-limit hint (PR4). */
  product: ProductInfo | null;
  /** Shown instead of the plain balance note when the balance cannot cover the order (a real account). */
  fundNotice?: ReactNode;
  t: Translate;
}

const usd = (value: string | null | undefined) => `${formatAmount(value)} USD`;

/** Spec §2 pre-trade preview: leverage, value, margin, fee, available balance and the balance after. */
export function PreviewList(props: PreviewListProps) {
  const { preview, available, product, fundNotice, t } = props;
  const multiple = product?.multiple ?? null;
  const feeType = product?.feeType ?? null;
  // Within ESMA's retail limit of its class: the server capped it for the brand (or it was that low).
  const retailCap = product ? withinRetailLimit(product) : false;
  const figures = preview && !('error' in preview) ? preview : null;
  const row = (key: string, label: string, value: string, tone?: 'danger', hint?: string | null) => (
    <div className="tk-order-form__row" data-testid={`preview-${key}`} data-tone={tone}>
      <dt>{label}</dt>
      <dd className="tk-num">
        {value}
        {hint ? (
          <small className="tk-order-form__cap" data-testid="retail-cap">
            {hint}
          </small>
        ) : hint === null ? (
          // Its line kept while the product is on its way (EK41).
          <small className="tk-order-form__cap" aria-hidden="true" data-testid="retail-cap-pending">
            {'\u00a0'}
          </small>
        ) : null}
      </dd>
    </div>
  );
  return (
    <section className="tk-order-form__preview" part="preview" aria-label={t('order.preview')}>
      <dl>
        {row(
          'leverage',
          t('order.leverage'),
          multiple ? `1:${multiple}` : '--',
          undefined,
          // Most products of a retail brand are within their class's limit: until the product is known, the
          // note's line is kept rather than added under the leverage when it arrives (null).
          product === null ? null : multiple && retailCap ? t('order.retail_cap') : undefined,
        )}
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
