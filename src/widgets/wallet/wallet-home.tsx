import { useEffect, useMemo, useState } from 'react';
import type { MarketOrder } from '../../core/contract/trading';
import { CashRecords, WALLET_HOME_ITEMS, type CashRecord } from '../../core/contract/wallets';
import { SHORT_DATE_TIME_FORMAT, formatAmount, formatZonedTime } from '../../core/domain/format';
import { createTradingApi } from '../../core/trading/trading-api';
import { CashRecordRow } from './record-rows';
import { useWallet } from './wallet-context';
import { homeButtons, homeRecordsQuery, type HomeButton, type WalletTarget } from './wallet.logic';

const BUTTON_TARGET: Record<Exclude<HomeButton, 'resetDemo'>, WalletTarget> = {
  deposit: 'deposit',
  withdraw: 'withdraw',
  crypto: 'crypto',
  bankCard: 'bankCard',
};

type Loaded<T> = { items: T[]; error: string | null } | null;

/** A latest-five block with its link to the full list. */
function Latest<T>({
  title,
  part,
  loaded,
  onAll,
  render,
}: {
  title: string;
  part: string;
  loaded: Loaded<T>;
  onAll: () => void;
  render: (item: T) => React.ReactNode;
}) {
  const { t } = useWallet();
  return (
    <section className="tk-wallet__section" part={part} aria-label={title}>
      <header className="tk-wallet__section-head">
        <h3 className="tk-wallet__subheading">{title}</h3>
        <button type="button" className="tk-wallet__link" onClick={onAll}>
          {t('wallet.view_all')}
        </button>
      </header>
      {loaded === null ? (
        <p className="tk-state" role="status">
          {t('app.loading')}
        </p>
      ) : loaded.error ? (
        <p className="tk-wallet__error" role="alert">
          {loaded.error}
        </p>
      ) : loaded.items.length === 0 ? (
        <p className="tk-state" part="empty">
          {t('wallet.empty')}
        </p>
      ) : (
        <ul className="tk-wallet__items">{loaded.items.map(render)}</ul>
      )}
    </section>
  );
}

/** One closed trade; a click opens its detail on the transaction list (`?uid=`). */
function TradeRow({ order }: { order: MarketOrder }) {
  const { t, timezone, go } = useWallet();
  const loss = order.profitLoss.startsWith('-');
  return (
    <li part="trade" data-order={order.uid}>
      <button
        type="button"
        className="tk-wallet__row tk-wallet__row-btn"
        onClick={() => go('transactionList', `uid=${encodeURIComponent(order.uid)}`)}
      >
        <span className="tk-wallet__row-main">
          <span className="tk-wallet__row-title">
            {order.productName} · {t(order.orderType === 0 ? 'wallet.buy' : 'wallet.sell')}
          </span>
          <span className="tk-wallet__row-sub tk-num">
            {formatZonedTime(order.closingTimeTs ?? order.orderTimeTs, timezone, SHORT_DATE_TIME_FORMAT)}
          </span>
        </span>
        <span className="tk-wallet__amount tk-num" data-sign={loss ? 'minus' : 'plus'}>
          {formatAmount(order.profitLoss)} USD
        </span>
      </button>
    </li>
  );
}

/**
 * Spec §2 Wallet home: deposit and withdraw, the crypto wallet button (unless NO_WALLET_WITHDRAW), the bank
 * card button (with user/bankCard), the latest 5 closed trades (the history's `order/query`) and the latest
 * 5 deposits/withdrawals, each with a link to its full list.
 */
export function WalletHome({ user }: { user: string }) {
  const { t, platform, systemConfig, offered, go } = useWallet();
  const trading = useMemo(() => createTradingApi(platform), [platform]);
  const [trades, setTrades] = useState<Loaded<MarketOrder>>(null);
  const [records, setRecords] = useState<Loaded<CashRecord>>(null);
  const buttons = homeButtons(systemConfig, false, offered);

  useEffect(() => {
    let alive = true;
    const query = { page: 1, limit: WALLET_HOME_ITEMS, columns: 'closingTime', positionStatus: 3 } as const;
    void trading.queryOrders(query, false, { silent: true }).then((result) => {
      if (alive)
        setTrades(
          result.ok
            ? { items: result.data.list.slice(0, WALLET_HOME_ITEMS), error: null }
            : { items: [], error: result.message },
        );
    });
    void platform.api.call(CashRecords, homeRecordsQuery(), { silent: true }).then((result) => {
      if (alive)
        setRecords(
          result.ok ? { items: result.data.list, error: null } : { items: [], error: result.message },
        );
    });
    return () => {
      alive = false;
    };
  }, [platform, trading, user]);

  return (
    <>
      <nav className="tk-wallet__actions" part="actions" aria-label={t('wallet.title')}>
        {buttons.map((button) => (
          <button
            key={button}
            type="button"
            className="tk-cash-btn tk-wallet__btn"
            data-variant={button === 'deposit' ? 'primary' : undefined}
            part={`action action-${button}`}
            onClick={() => go(BUTTON_TARGET[button as Exclude<HomeButton, 'resetDemo'>])}
          >
            {t(`wallet.action.${button}`)}
          </button>
        ))}
      </nav>
      <Latest
        title={t('wallet.latest_trades')}
        part="latest-trades"
        loaded={trades}
        onAll={() => go('history')}
        render={(order) => <TradeRow key={order.uid} order={order} />}
      />
      <Latest
        title={t('wallet.latest_records')}
        part="latest-records"
        loaded={records}
        onAll={() => go('records')}
        render={(record) => <CashRecordRow key={record.id} record={record} />}
      />
    </>
  );
}
