import { useCallback, useId, useState } from 'react';
import { WalletOrders, type WalletBalanceItem, type WalletRecord } from '../../core/contract/wallets';
import type { TransferType } from '../../core/domain/wallet-transfer';
import { formatAmount } from '../../core/domain/format';
import { useHostState } from '../_shared/host-state';
import { Tabs, tabId } from '../_shared/tabs';
import { Chips } from './cash-records';
import { PagedList } from './paged-list';
import { WalletRecordRow } from './record-rows';
import { TransferDrawer } from './transfer-drawer';
import { usePages } from '../_shared/use-pages';
import { useWalletBalance } from './use-wallet-balance';
import { useWallet } from './wallet-context';
import {
  canTransfer,
  WALLET_RECORD_FILTERS,
  walletRecordsQuery,
  type WalletRecordFilter,
} from './wallet.logic';

type Tab = 'my_wallet' | 'wallet_record';

function BalanceLine({
  item,
  onTransfer,
}: {
  item: WalletBalanceItem;
  onTransfer: (type: TransferType) => void;
}) {
  const { t } = useWallet();
  const usd = item.currency === 'USD';
  return (
    <li className="tk-wallet__row" part="balance-line" data-currency={item.currency}>
      <img className="tk-wallet__icon" src={item.icon} alt="" width={28} height={28} />
      <span className="tk-wallet__row-main">
        <span className="tk-wallet__row-title">{item.currency}</span>
        <span className="tk-wallet__row-sub tk-num">
          ≈ {item.usdBalance === null ? '--' : formatAmount(item.usdBalance)} USD
        </span>
      </span>
      <span className="tk-wallet__row-end">
        <span className="tk-wallet__amount tk-num" data-testid={`balance-${item.currency}`}>
          {usd ? formatAmount(item.balance) : item.balance} {item.unit}
        </span>
        {canTransfer(item) ? (
          <span className="tk-wallet__row-actions">
            <button
              type="button"
              className="tk-cash-btn tk-wallet__btn"
              part="transfer-in"
              aria-label={t('wallet.transfer_in_label', { currency: item.currency })}
              onClick={() => onTransfer(0)}
            >
              {t('wallet.transfer_in')}
            </button>
            <button
              type="button"
              className="tk-cash-btn tk-wallet__btn"
              part="transfer-out"
              aria-label={t('wallet.transfer_out_label', { currency: item.currency })}
              onClick={() => onTransfer(1)}
            >
              {t('wallet.transfer_out')}
            </button>
          </span>
        ) : null}
      </span>
    </li>
  );
}

function WalletRecords({ user }: { user: string }) {
  const { t, platform } = useWallet();
  const [filter, setFilter] = useHostState<WalletRecordFilter>('wallet.records.filter', 'all');
  const fetchPage = useCallback(
    (page: number) => platform.api.call(WalletOrders, walletRecordsQuery(filter, page), { silent: true }),
    [platform, filter],
  );
  const pages = usePages<WalletRecord>(`${user}|${filter}`, fetchPage);
  return (
    <>
      <Chips
        part="record-filter"
        values={WALLET_RECORD_FILTERS}
        value={filter}
        label={t('wallet.filter_type')}
        labelOf={(v) => t(v === 'all' ? 'wallet.type.all' : `wallet.record.${v}`)}
        onChange={setFilter}
      />
      <PagedList
        pages={pages}
        part="wallet-record-list"
        label={t('wallet.wallet_record')}
        render={(record) => <WalletRecordRow key={record.id} record={record} />}
      />
    </>
  );
}

/**
 * Spec §2 My wallet: tab my_wallet (total assets, each currency with Transfer in / Transfer out, not USD;
 * balances polled every 8 s only while this tab shows) and tab wallet_record (filter all/in/out/order).
 */
export function MyWallet({ user }: { user: string }) {
  const { t, platform } = useWallet();
  const [tab, setTab] = useHostState<Tab>('wallet.tab', 'my_wallet');
  const [transfer, setTransfer] = useState<{ item: WalletBalanceItem; type: TransferType } | null>(null);
  const { balance, error, refresh } = useWalletBalance(platform, tab === 'my_wallet');
  const id = useId();
  const panelId = `${id}-panel`;
  const usd = balance?.list.find((item) => item.currency === 'USD');
  return (
    <section className="tk-wallet__section" part="my-wallet">
      <Tabs<Tab>
        items={[
          { id: 'my_wallet', label: t('wallet.my_wallet') },
          { id: 'wallet_record', label: t('wallet.wallet_record') },
        ]}
        value={tab}
        onChange={setTab}
        label={t('wallet.my_wallet')}
        idPrefix={id}
        panelId={panelId}
      />
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(id, tab)} className="tk-wallet__panel">
        {tab === 'my_wallet' ? (
          <>
            <div className="tk-wallet__total" part="total">
              <span className="tk-wallet__label">{t('wallet.total_assets')} (USD)</span>
              <span className="tk-wallet__total-value tk-num" data-testid="total-assets">
                {balance ? formatAmount(balance.totalBalance) : '--'}
              </span>
            </div>
            {error ? (
              <p className="tk-wallet__error" role="alert">
                {error}
              </p>
            ) : null}
            <ul className="tk-wallet__items" part="balances" aria-label={t('wallet.my_wallet')}>
              {balance?.list.map((item) => (
                <BalanceLine
                  key={item.currency}
                  item={item}
                  onTransfer={(type) => setTransfer({ item, type })}
                />
              ))}
            </ul>
          </>
        ) : (
          <WalletRecords user={user} />
        )}
      </div>
      {transfer ? (
        <TransferDrawer
          item={transfer.item}
          type={transfer.type}
          available={transfer.type === 0 ? (usd?.balance ?? '0') : transfer.item.balance}
          onClose={() => setTransfer(null)}
          onDone={() => {
            setTransfer(null);
            void refresh();
          }}
        />
      ) : null}
    </section>
  );
}
