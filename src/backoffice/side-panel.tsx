/**
 * Beside a queue item or a user found by the lookup: the user's summary (with the freeze of their withdrawals,
 * which finance and compliance may change), latest ledger postings and open positions (real account).
 */
import { formatAmount } from '../core/domain/format';
import { useState, type ReactNode } from 'react';
import {
  BACKOFFICE_PAGE_SIZE,
  GetUserLedger,
  GetUserPositions,
  GetUserSummary,
} from '../core/contract/backoffice';
import { AdminWithdrawalFreeze, AdminWithdrawalUnfreeze } from '../core/contract/withdrawals';
import { ConfirmDialog } from './confirm-dialog';
import { useBackoffice, useTime } from './context';
import type { OperatorRole } from '../core/contract/endpoint';
import { canHoldWithdrawals } from './logic';
import { IdentityLevel } from './identity-level';
import { holdsOne } from './queue-declaration';
import { TraderView } from './trader-view';
import { useLoad, type Loaded } from './use-load';

function Status<T>({ loaded, children }: { loaded: Loaded<T>; children: (data: T) => ReactNode }) {
  const { t } = useBackoffice();
  if (loaded.state === 'loading') return <p className="bo-muted">{t('backoffice.loading')}</p>;
  if (loaded.state === 'failed') {
    return (
      <p className="bo-error" role="alert">
        {loaded.forbidden
          ? t('backoffice.panel.not_allowed')
          : t('backoffice.failed', { message: loaded.message })}
      </p>
    );
  }
  return <>{children(loaded.data)}</>;
}

/** The confirm dialog of a freeze or an unfreeze of the user's withdrawals, with its required reason. */
function HoldDialog({
  uid,
  freeze,
  onClose,
  onDone,
}: {
  uid: string;
  freeze: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { call, t } = useBackoffice();
  return (
    <ConfirmDialog
      title={t(freeze ? 'backoffice.panel.freeze_title' : 'backoffice.panel.unfreeze_title', { uid })}
      text={t(freeze ? 'backoffice.panel.freeze_text' : 'backoffice.panel.unfreeze_text')}
      danger={freeze}
      reasonHint={t('backoffice.panel.hold_reason_hint')}
      send={(reason) => call(freeze ? AdminWithdrawalFreeze : AdminWithdrawalUnfreeze, { uid, reason })}
      doneText={t(freeze ? 'backoffice.panel.frozen_done' : 'backoffice.panel.unfrozen_done', { uid })}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

function Summary({ uid }: { uid: string }) {
  const { call, t, roles } = useBackoffice();
  const time = useTime();
  const [loaded, reload] = useLoad(uid, () => call(GetUserSummary, { uid }));
  const [holding, setHolding] = useState<boolean | null>(null);
  return (
    <section className="bo-panel__section" aria-labelledby="bo-summary">
      <h3 id="bo-summary">{t('backoffice.panel.summary')}</h3>
      <Status loaded={loaded}>
        {(user) => (
          <dl className="bo-facts" data-testid="bo-summary">
            <dt>{t('backoffice.panel.brand')}</dt>
            <dd>{user.brandId}</dd>
            <dt>{t('backoffice.panel.email')}</dt>
            <dd>{user.email ?? '–'}</dd>
            <dt>{t('backoffice.panel.phone')}</dt>
            <dd>{user.phone ?? '–'}</dd>
            <dt>{t('backoffice.panel.registered')}</dt>
            <dd>{time(user.registeredAt)}</dd>
            <dt>{t('backoffice.panel.blocked')}</dt>
            <dd>{user.blocked ? t('backoffice.panel.yes') : t('backoffice.panel.no')}</dd>
            <dt>{t('backoffice.panel.withdrawals')}</dt>
            <dd className="bo-facts__action" data-testid="bo-withdrawal-hold">
              <span className={user.withdrawalFrozen ? 'bo-down' : undefined}>
                {t(user.withdrawalFrozen ? 'backoffice.panel.frozen' : 'backoffice.panel.allowed')}
              </span>
              {canHoldWithdrawals(roles) ? (
                <button
                  type="button"
                  className="bo-button bo-button--small"
                  onClick={() => setHolding(!user.withdrawalFrozen)}
                  data-testid="bo-hold"
                >
                  {t(user.withdrawalFrozen ? 'backoffice.panel.unfreeze' : 'backoffice.panel.freeze')}
                </button>
              ) : null}
            </dd>
            <dt>{t('backoffice.panel.balance')}</dt>
            <dd className="bo-num">{formatAmount(user.balance)} USD</dd>
            <dt>{t('backoffice.panel.lock_margin')}</dt>
            <dd className="bo-num">{formatAmount(user.lockMargin)} USD</dd>
            <dt>{t('backoffice.panel.approved_deposits')}</dt>
            <dd className="bo-num">{formatAmount(user.approvedDeposits)} USD</dd>
            <dt>{t('backoffice.panel.paid_withdrawals')}</dt>
            <dd className="bo-num">{formatAmount(user.paidWithdrawals)} USD</dd>
            <dt>{t('backoffice.panel.waiting_withdrawal')}</dt>
            <dd className="bo-num">{formatAmount(user.waitingWithdrawal)} USD</dd>
            <dt>{t('backoffice.panel.loan')}</dt>
            <dd data-testid="bo-loan">
              {user.loan === null ? (
                t('backoffice.panel.loan_none')
              ) : (
                <span className={user.loan.state === 'overdue' ? 'bo-down' : undefined}>
                  {t(`backoffice.panel.loan_${user.loan.state}`, {
                    amount: formatAmount(user.loan.amount),
                    owed: formatAmount(user.loan.amountOwed),
                  })}
                  {user.loan.repaymentDate === null ? null : ` · ${time(user.loan.repaymentDate)}`}
                </span>
              )}
            </dd>
          </dl>
        )}
      </Status>
      {holding !== null ? (
        <HoldDialog
          uid={uid}
          freeze={holding}
          onClose={() => setHolding(null)}
          onDone={() => {
            setHolding(null);
            reload();
          }}
        />
      ) : null}
    </section>
  );
}

function Ledger({ uid }: { uid: string }) {
  const { call, t } = useBackoffice();
  const time = useTime();
  const [size, setSize] = useState(10);
  const [loaded] = useLoad(`${uid}:${size}`, () => call(GetUserLedger, { uid, page: 1, pageSize: size }));
  return (
    <section className="bo-panel__section" aria-labelledby="bo-ledger">
      <h3 id="bo-ledger">{t('backoffice.panel.ledger')}</h3>
      <Status loaded={loaded}>
        {(page) =>
          page.list.length === 0 ? (
            <p className="bo-muted">{t('backoffice.panel.no_ledger')}</p>
          ) : (
            <>
              <table className="bo-table bo-table--compact" data-testid="bo-ledger">
                <tbody>
                  {page.list.map((line) => (
                    <tr key={line.id}>
                      <td>{time(line.createdAt)}</td>
                      <td>
                        {line.kind}
                        {line.bucket === 'lock_margin' ? ' · margin' : ''}
                      </td>
                      <td className={`bo-num ${line.amount.startsWith('-') ? 'bo-down' : 'bo-up'}`}>
                        {formatAmount(line.amount)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {page.total > page.list.length ? (
                <button
                  type="button"
                  className="bo-button"
                  onClick={() => setSize((n) => Math.min(n + BACKOFFICE_PAGE_SIZE, 100))}
                >
                  {t('backoffice.panel.more')}
                </button>
              ) : null}
            </>
          )
        }
      </Status>
    </section>
  );
}

function Positions({ uid }: { uid: string }) {
  const { call, t } = useBackoffice();
  const time = useTime();
  const [loaded] = useLoad(uid, () => call(GetUserPositions, { uid }));
  const side = (type: number) => (type === 0 ? t('backoffice.panel.buy') : t('backoffice.panel.sell'));
  return (
    <section className="bo-panel__section" aria-labelledby="bo-positions">
      <h3 id="bo-positions">{t('backoffice.panel.positions')}</h3>
      <Status loaded={loaded}>
        {(positions) =>
          positions.orders.length + positions.options.length === 0 ? (
            <p className="bo-muted">{t('backoffice.panel.no_positions')}</p>
          ) : (
            <table className="bo-table bo-table--compact" data-testid="bo-positions">
              <tbody>
                {positions.orders.map((order) => (
                  <tr key={order.uid}>
                    <td>{order.productName}</td>
                    <td>
                      {side(order.orderType)} ·{' '}
                      {order.positionStatus === 1
                        ? t('backoffice.panel.pending')
                        : t('backoffice.panel.open')}
                    </td>
                    <td className="bo-num">{order.orderQuantity}</td>
                    <td className="bo-num">{formatAmount(order.margin)} USD</td>
                  </tr>
                ))}
                {positions.options.map((option) => (
                  <tr key={option.uid}>
                    <td>
                      {t('backoffice.panel.option')} {option.tradePair}
                    </td>
                    <td>{side(option.orderType)}</td>
                    <td className="bo-num">{formatAmount(option.amount)} USD</td>
                    <td>{time(option.endTime)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Status>
    </section>
  );
}

/**
 * The side panel of a user: beside a queue item, or opened from the user lookup (`traderView`), where it shows
 * what the trader sees in place of the positions; either way it leaves out the reads the operator's roles do
 * not cover (a support operator sees no ledger).
 */
export function SidePanel({ uid, traderView = false }: { uid: string; traderView?: boolean }) {
  const { t, roles } = useBackoffice();
  // Only what the operator's roles may read: a read they may not make would only answer "not your role".
  const may = (endpoint: { roles?: readonly OperatorRole[] }) => holdsOne(roles, endpoint.roles);
  return (
    <aside
      className="bo-panel"
      aria-label={t('backoffice.panel.heading', { uid })}
      data-testid="bo-side-panel"
    >
      <h2>{t('backoffice.panel.heading', { uid })}</h2>
      {may(GetUserSummary) ? <Summary uid={uid} /> : null}
      <IdentityLevel uid={uid} />
      {traderView ? <TraderView uid={uid} /> : null}
      {may(GetUserLedger) ? <Ledger uid={uid} /> : null}
      {!traderView && may(GetUserPositions) ? <Positions uid={uid} /> : null}
    </aside>
  );
}
