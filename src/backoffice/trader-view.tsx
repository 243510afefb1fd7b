/**
 * What the trader sees of their money, read-only (issue #26 item 12): every account's balance, the real
 * account's open positions and running options, the latest finished trades and the cash records. One read of
 * the contract's `GetUserView`, which the server audits; every operator role may open it.
 */
import type { ReactNode } from 'react';
import { GetUserView, type UserView } from '../core/contract/user-lookup';
import { formatAmount } from '../core/domain/format';
import { useBackoffice, useTime, type Translate } from './context';
import { ticketAmount } from './logic';
import { useLoad } from './use-load';

export const USERS_KEYS = 'backoffice.users';

function Section({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section className="bo-panel__section" aria-labelledby={`bo-view-${id}`}>
      <h3 id={`bo-view-${id}`}>{title}</h3>
      {empty === null ? children : <p className="bo-muted">{empty}</p>}
    </section>
  );
}

const side = (t: Translate, type: number) => t(type === 0 ? 'backoffice.panel.buy' : 'backoffice.panel.sell');
const signed = (value: string) => (value.startsWith('-') ? 'bo-down' : value === '0' ? '' : 'bo-up');

function accountName(t: Translate, account: UserView['accounts'][number]): string {
  if (account.kind === 'wallet') return t(`${USERS_KEYS}.account_wallet`, { currency: account.currency });
  return t(`${USERS_KEYS}.account_${account.kind}`);
}

function Accounts({ view }: { view: UserView }) {
  const { t } = useBackoffice();
  return (
    <Section
      id="accounts"
      title={t(`${USERS_KEYS}.accounts`)}
      empty={view.accounts.length ? null : t(`${USERS_KEYS}.no_accounts`)}
    >
      <table className="bo-table bo-table--compact" data-testid="bo-view-accounts">
        <thead>
          <tr>
            <th scope="col">{t(`${USERS_KEYS}.account`)}</th>
            <th scope="col">{t('backoffice.panel.balance')}</th>
            <th scope="col">{t('backoffice.panel.lock_margin')}</th>
          </tr>
        </thead>
        <tbody>
          {view.accounts.map((account) => (
            <tr key={`${account.kind}:${account.currency}`}>
              <td>{accountName(t, account)}</td>
              <td className="bo-num">
                {ticketAmount(account.balance, account.currency)} {account.currency}
              </td>
              <td className="bo-num">{account.kind === 'wallet' ? '–' : formatAmount(account.lockMargin)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function Open({ view }: { view: UserView }) {
  const { t } = useBackoffice();
  const time = useTime();
  const none = view.orders.length + view.options.length === 0;
  return (
    <Section
      id="open"
      title={t('backoffice.panel.positions')}
      empty={none ? t('backoffice.panel.no_positions') : null}
    >
      <table className="bo-table bo-table--compact" data-testid="bo-view-open">
        <tbody>
          {view.orders.map((order) => (
            <tr key={order.uid}>
              <td>{order.productName}</td>
              <td>
                {side(t, order.orderType)} ·{' '}
                {t(order.positionStatus === 1 ? 'backoffice.panel.pending' : 'backoffice.panel.open')}
              </td>
              <td className="bo-num">{order.orderQuantity}</td>
              <td className="bo-num">{formatAmount(order.margin)} USD</td>
            </tr>
          ))}
          {view.options.map((option) => (
            <tr key={option.uid}>
              <td>
                {t('backoffice.panel.option')} {option.tradePair}
              </td>
              <td>{side(t, option.orderType)}</td>
              <td className="bo-num">{formatAmount(option.amount)} USD</td>
              <td>{time(option.endTime)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function History({ view }: { view: UserView }) {
  const { t } = useBackoffice();
  const time = useTime();
  return (
    <Section
      id="history"
      title={t(`${USERS_KEYS}.history`)}
      empty={view.history.length ? null : t(`${USERS_KEYS}.no_history`)}
    >
      <table className="bo-table bo-table--compact" data-testid="bo-view-history">
        <tbody>
          {view.history.map((line) => (
            <tr key={`${line.kind}:${line.uid}`}>
              <td>{time(line.closedAt)}</td>
              <td>
                {line.kind === 'option' ? `${t('backoffice.panel.option')} ` : ''}
                {line.tradePair} · {side(t, line.orderType)}
              </td>
              <td className="bo-num">{formatAmount(line.amount)} USD</td>
              <td className={`bo-num ${signed(line.result)}`}>
                {formatAmount(line.result)}
                {line.absorbed ? (
                  <span className="bo-muted bo-view__reason" data-testid="bo-view-absorbed">
                    {t(`${USERS_KEYS}.absorbed`, { amount: formatAmount(line.absorbed) })}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function Cash({ view }: { view: UserView }) {
  const { t } = useBackoffice();
  const time = useTime();
  return (
    <Section
      id="cash"
      title={t(`${USERS_KEYS}.cash`)}
      empty={view.cash.length ? null : t(`${USERS_KEYS}.no_cash`)}
    >
      <table className="bo-table bo-table--compact" data-testid="bo-view-cash">
        <tbody>
          {view.cash.map((line) => (
            <tr key={line.uid}>
              <td>{time(line.createdAt)}</td>
              <td>{t(`${USERS_KEYS}.${line.type}`)}</td>
              <td className="bo-num">
                {ticketAmount(line.amount, line.currency)} {line.currency}
              </td>
              <td>
                <span className={line.state === 'fail' ? 'bo-down' : undefined}>
                  {t(`${USERS_KEYS}.state_${line.state}`)}
                </span>
                {line.reason ? <span className="bo-muted bo-view__reason">{line.reason}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

/** The trader's own view of their money, under the side panel's summary. */
export function TraderView({ uid }: { uid: string }) {
  const { call, t } = useBackoffice();
  const [loaded] = useLoad(uid, () => call(GetUserView, { uid }));
  return (
    <div className="bo-view" data-testid="bo-trader-view">
      <p className="bo-muted bo-view__note">{t(`${USERS_KEYS}.read_only`)}</p>
      {loaded.state === 'loading' ? <p className="bo-muted">{t('backoffice.loading')}</p> : null}
      {loaded.state === 'failed' ? (
        <p className="bo-error" role="alert">
          {t('backoffice.failed', { message: loaded.message })}
        </p>
      ) : null}
      {loaded.state === 'ok' ? (
        <>
          <Accounts view={loaded.data} />
          <Open view={loaded.data} />
          <History view={loaded.data} />
          <Cash view={loaded.data} />
        </>
      ) : null}
    </div>
  );
}
