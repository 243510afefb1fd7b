/**
 * A review queue (waiting deposits or withdrawals): the list, the selected ticket with its proof image or
 * destination, the user's side panel beside it, and Approve / Reject behind a confirm dialog.
 */
import { useState } from 'react';
import { ModalDrawer } from '../widgets/_shared/drawer';
import { ConfirmDialog } from './confirm-dialog';
import { formatTime, useBackoffice } from './context';
import type { AdminDeposit } from '../core/contract/deposits';
import type { AdminWithdrawal, WithdrawalDestination } from '../core/contract/withdrawals';
import { queueItemsOf, queueTargets, withdrawalItem, type QueueItem, type QueueKind } from './logic';
import { SidePanel } from './side-panel';
import { useLoad } from './use-load';

type Decision = { kind: 'approve' | 'reject'; item: QueueItem };

function ConfirmDecision({
  decision,
  onClose,
  onDone,
}: {
  decision: Decision;
  onClose: () => void;
  onDone: () => void;
}) {
  const { call, t } = useBackoffice();
  const { kind, item } = decision;
  const targets = queueTargets(item.kind);
  const rejecting = kind === 'reject';
  const id = item.ticketNo;
  return (
    <ConfirmDialog
      title={t(rejecting ? 'backoffice.queue.reject_title' : 'backoffice.queue.approve_title', { id })}
      text={t('backoffice.queue.approve_text', {
        amount: item.amount,
        currency: item.currency,
        uid: item.userUid,
      })}
      danger={rejecting}
      {...(rejecting ? { reasonHint: t('backoffice.queue.reason_hint') } : {})}
      send={(reason) =>
        rejecting ? call(targets.reject, { id: item.id, reason }) : call(targets.approve, { id: item.id })
      }
      doneText={t(rejecting ? 'backoffice.queue.rejected' : 'backoffice.queue.approved', { id })}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

function ProofImage({ src }: { src: string }) {
  const { t } = useBackoffice();
  const [zoomed, setZoomed] = useState(false);
  return (
    <>
      <button
        type="button"
        className="bo-proof"
        onClick={() => setZoomed(true)}
        aria-label={t('backoffice.queue.zoom_in')}
      >
        <img src={src} alt={t('backoffice.queue.proof')} data-testid="bo-proof" />
      </button>
      {zoomed ? (
        <ModalDrawer
          title={t('backoffice.queue.proof')}
          onClose={() => setZoomed(false)}
          block="bo-zoom"
          part="zoom"
          closeLabel={t('backoffice.queue.zoom_out')}
        >
          <img className="bo-zoom__image" src={src} alt={t('backoffice.queue.proof')} />
        </ModalDrawer>
      ) : null}
    </>
  );
}

function Detail({ item, onDecide }: { item: QueueItem; onDecide: (decision: Decision) => void }) {
  const { call, t, language } = useBackoffice();
  const targets = queueTargets(item.kind);
  // Withdrawals have a detail read (the destination); deposits show what the list answered.
  const [detail] = useLoad(targets.detail ? `${item.kind}:${item.id}` : null, () =>
    call<{ withdrawal: AdminWithdrawal; destination: WithdrawalDestination | null }>(targets.detail!, {
      id: item.id,
    }),
  );
  const fields =
    detail.state === 'ok'
      ? withdrawalItem(detail.data.withdrawal, detail.data.destination).fields
      : item.fields;
  const value = (name: string, text: string) =>
    name === 'method' ? t(`backoffice.queue.field.method_${text}`) : text;
  return (
    <section className="bo-card bo-detail" aria-labelledby="bo-detail-title" data-testid="bo-detail">
      <h2 id="bo-detail-title">{t('backoffice.queue.ticket', { id: item.ticketNo })}</h2>
      <dl className="bo-facts">
        <dt>{t('backoffice.queue.user')}</dt>
        <dd>{item.userUid}</dd>
        <dt>{t('backoffice.queue.amount')}</dt>
        <dd className="bo-num">
          {item.amount} {item.currency}
        </dd>
        {item.currency !== 'USD' ? (
          <>
            <dt>{t('backoffice.queue.usd')}</dt>
            <dd className="bo-num">{item.usdAmount} USD</dd>
          </>
        ) : null}
        {item.fee !== null ? (
          <>
            <dt>{t('backoffice.queue.field.fee')}</dt>
            <dd className="bo-num">
              {item.fee} {item.currency}
            </dd>
            <dt>{t('backoffice.queue.field.practical')}</dt>
            <dd className="bo-num">
              {item.practical} {item.currency}
            </dd>
          </>
        ) : null}
        <dt>{t('backoffice.queue.submitted')}</dt>
        <dd>{formatTime(item.createdAt, language)}</dd>
      </dl>
      {item.kind === 'deposits' ? (
        <>
          <h3>{t('backoffice.queue.proof')}</h3>
          {item.proofUrl ? (
            <ProofImage src={item.proofUrl} />
          ) : (
            <p className="bo-muted">{t('backoffice.queue.no_proof')}</p>
          )}
        </>
      ) : null}
      <details className="bo-raw">
        <summary>{t('backoffice.queue.details')}</summary>
        <dl className="bo-facts">
          {fields.map(([name, text]) => (
            <div key={name} className="bo-facts__row">
              <dt>{t(`backoffice.queue.field.${name}`)}</dt>
              <dd>{value(name, text)}</dd>
            </div>
          ))}
        </dl>
      </details>
      <div className="bo-actions">
        <button
          type="button"
          className="bo-button bo-button--danger"
          onClick={() => onDecide({ kind: 'reject', item })}
          data-testid="bo-reject"
        >
          {t('backoffice.queue.reject')}
        </button>
        <button
          type="button"
          className="bo-button bo-button--primary"
          onClick={() => onDecide({ kind: 'approve', item })}
          data-testid="bo-approve"
        >
          {t('backoffice.queue.approve')}
        </button>
      </div>
    </section>
  );
}

export function Queue({ kind }: { kind: QueueKind }) {
  const { call, t, language } = useBackoffice();
  const [loaded, reload] = useLoad(kind, () =>
    call<{ list: AdminDeposit[] } | { list: AdminWithdrawal[] }>(queueTargets(kind).list, {
      status: 'waiting',
    }),
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const items = loaded.state === 'ok' ? queueItemsOf(loaded.data, kind) : [];
  const selected = items.find((item) => item.id === selectedId) ?? null;
  const heading = t(
    kind === 'deposits' ? 'backoffice.queue.waiting_deposits' : 'backoffice.queue.waiting_withdrawals',
  );

  return (
    <div className="bo-queue" data-testid={`bo-queue-${kind}`}>
      <section className="bo-card bo-queue__list" aria-labelledby="bo-queue-title">
        <header className="bo-queue__head">
          <h2 id="bo-queue-title">{heading}</h2>
          <button type="button" className="bo-button" onClick={reload}>
            {t('backoffice.queue.refresh')}
          </button>
        </header>
        {loaded.state === 'loading' ? <p className="bo-muted">{t('backoffice.loading')}</p> : null}
        {loaded.state === 'failed' ? (
          <p className="bo-error" role="alert">
            {t('backoffice.failed', { message: loaded.message })}
          </p>
        ) : null}
        {loaded.state === 'ok' && items.length === 0 ? (
          <p className="bo-muted" data-testid="bo-queue-empty">
            {t('backoffice.queue.empty')}
          </p>
        ) : null}
        <ul className="bo-list" role="listbox" aria-label={heading}>
          {items.map((item) => (
            <li
              key={item.id}
              role="option"
              aria-selected={item.id === selectedId}
              tabIndex={0}
              className="bo-list__item"
              onClick={() => setSelectedId(item.id)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  setSelectedId(item.id);
                }
              }}
              data-testid="bo-queue-item"
            >
              <span className="bo-list__main">
                <strong className="bo-num">
                  {item.amount} {item.currency}
                </strong>
                <span>{item.userUid}</span>
              </span>
              <span className="bo-muted">
                {item.via} · {formatTime(item.createdAt, language)}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {selected ? (
        <>
          <Detail key={selected.id} item={selected} onDecide={setDecision} />
          <SidePanel key={selected.userUid} uid={selected.userUid} />
        </>
      ) : (
        <p className="bo-card bo-muted bo-queue__hint">{t('backoffice.queue.select_hint')}</p>
      )}
      {decision ? (
        <ConfirmDecision
          decision={decision}
          onClose={() => setDecision(null)}
          onDone={() => {
            setDecision(null);
            setSelectedId(null);
            reload();
          }}
        />
      ) : null}
    </div>
  );
}
