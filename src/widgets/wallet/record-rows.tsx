import type { CashRecord, WalletRecord } from '../../core/contract/wallets';
import { formatAmount, formatZonedTime } from '../../core/domain/format';
import { useWallet } from './wallet-context';
import { payStateTone, signedQuantity } from './wallet.logic';

/** One deposit or withdrawal (spec §3 Deposit/withdraw record): amount, USD value, time, payState, reason. */
export function CashRecordRow({ record }: { record: CashRecord }) {
  const { t, timezone } = useWallet();
  const usd = record.actionType === 0 ? record.depositUsdPrice : record.withdrawUsdPrice;
  const coin = record.protocol ? `${record.currency} (${record.protocol})` : record.currency;
  return (
    <li className="tk-wallet__row" part="record" data-record={record.id} data-state={record.payState}>
      <span className="tk-wallet__row-main">
        <span className="tk-wallet__row-title">
          {t(record.actionType === 0 ? 'wallet.deposit' : 'wallet.withdraw')} · {coin}
        </span>
        <span className="tk-wallet__row-sub tk-num">{formatZonedTime(record.submitTimeTs, timezone)}</span>
        {record.payState === 'fail' && record.reason ? (
          <span className="tk-wallet__reason" part="reason">
            {t('wallet.reason', { reason: record.reason })}
          </span>
        ) : null}
      </span>
      <span className="tk-wallet__row-end">
        <span className="tk-wallet__amount tk-num">
          {record.payPrice} {record.currency}
        </span>
        {usd !== null ? <span className="tk-wallet__row-sub tk-num">≈ {formatAmount(usd)} USD</span> : null}
        <span className="tk-wallet__state" part="state" data-tone={payStateTone(record.payState)}>
          {t(`wallet.state.${record.payState}`)}
        </span>
      </span>
    </li>
  );
}

/** One wallet record (spec §3 Wallet record): type, currency, signed quantity, time and number. */
export function WalletRecordRow({ record }: { record: WalletRecord }) {
  const { t, timezone } = useWallet();
  const kind = (['in', 'out', 'order'] as const)[record.orderType];
  return (
    <li className="tk-wallet__row" part="wallet-record" data-record={record.id} data-type={kind}>
      <span className="tk-wallet__row-main">
        <span className="tk-wallet__row-title">
          {t(`wallet.record.${kind}`)} · {record.currency}
        </span>
        <span className="tk-wallet__row-sub">
          <span className="tk-num">{formatZonedTime(record.orderTime, timezone)}</span> ·{' '}
          <span className="tk-wallet__ref" part="reference">
            {record.uid}
          </span>
        </span>
      </span>
      <span
        className="tk-wallet__amount tk-num"
        data-sign={record.orderQuantity.startsWith('-') ? 'minus' : 'plus'}
      >
        {signedQuantity(record.orderQuantity)} {record.unit}
      </span>
    </li>
  );
}
