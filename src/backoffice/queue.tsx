/**
 * The screen of a review queue, built from its declaration: the list, the selected item with its facts, the
 * user's side panel beside it, and the decisions the operator may take behind a confirm dialog.
 */
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { useBackoffice, useTime } from './context';
import { listOption } from './list-option';
import { mayDecide, type Decision, type QueueDeclaration, type QueueItem } from './queue-declaration';
import { useLoad } from './use-load';

type Chosen = { decision: Decision<QueueItem>; item: QueueItem };

function ConfirmDecision({
  chosen,
  onClose,
  onDone,
}: {
  chosen: Chosen;
  onClose: () => void;
  onDone: () => void;
}) {
  const { call, t } = useBackoffice();
  const { decision, item } = chosen;
  const id = item.ticketNo;
  return (
    <ConfirmDialog
      title={t(decision.title, { id })}
      text={decision.text(item, t)}
      danger={decision.danger}
      {...(decision.reasonHint ? { reasonHint: t(decision.reasonHint) } : {})}
      send={(reason) => decision.send(call, item, reason)}
      doneText={t(decision.done, { id })}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

function Detail({
  queue,
  item: listed,
  onDecide,
}: {
  queue: QueueDeclaration;
  item: QueueItem;
  onDecide: (chosen: Chosen) => void;
}) {
  const { call, t, roles } = useBackoffice();
  const time = useTime();
  const { detail: fuller, extra: Extra } = queue;
  const [detail] = useLoad(fuller ? `${queue.id}:${listed.id}` : null, () => fuller!.load(call, listed));
  const item = detail.state === 'ok' ? detail.data : listed;
  return (
    <section className="bo-card bo-detail" aria-labelledby="bo-detail-title" data-testid="bo-detail">
      <h2 id="bo-detail-title">{t('backoffice.queue.ticket', { id: item.ticketNo })}</h2>
      <dl className="bo-facts">
        <dt>{t('backoffice.queue.user')}</dt>
        <dd>{item.userUid}</dd>
        {queue.facts(item).map((fact) => (
          <Fact key={fact.label} label={t(fact.label)} text={fact.text} num={fact.num} />
        ))}
        <dt>{t('backoffice.queue.submitted')}</dt>
        <dd>{time(item.createdAt)}</dd>
      </dl>
      {Extra ? <Extra item={item} /> : null}
      <details className="bo-raw">
        <summary>{t('backoffice.queue.details')}</summary>
        <dl className="bo-facts">
          {queue.fields(item, t).map(([label, text]) => (
            <div key={label} className="bo-facts__row">
              <dt>{t(label)}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      </details>
      <div className="bo-actions">
        {queue.decisions
          .filter((decision) => mayDecide(roles, decision) && (decision.appliesTo?.(item) ?? true))
          .map((decision) => (
            <button
              key={decision.id}
              type="button"
              className={`bo-button ${decision.danger ? 'bo-button--danger' : 'bo-button--primary'}`}
              onClick={() => onDecide({ decision, item })}
              data-testid={`bo-${decision.id}`}
            >
              {t(decision.label)}
            </button>
          ))}
      </div>
    </section>
  );
}

function Fact({ label, text, num }: { label: string; text: string; num: boolean | undefined }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className={num ? 'bo-num' : undefined}>{text}</dd>
    </>
  );
}

export function Queue({ queue }: { queue: QueueDeclaration }) {
  const { call, t } = useBackoffice();
  const time = useTime();
  const [loaded, reload, update] = useLoad(queue.id, () => queue.list.load(call, undefined));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const items = loaded.state === 'ok' ? loaded.data : [];
  const selected = items.find((item) => item.id === selectedId) ?? null;
  const heading = t(queue.heading);
  const Panel = queue.panel;
  const Live = queue.live;

  return (
    <div className="bo-queue" data-testid={`bo-queue-${queue.id}`}>
      <section className="bo-card bo-queue__list" aria-labelledby="bo-queue-title">
        <header className="bo-queue__head">
          <h2 id="bo-queue-title">{heading}</h2>
          {Live ? <Live update={update} reload={reload} /> : null}
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
          {items.map((item) => {
            const row = queue.row(item);
            return (
              <li
                key={item.id}
                {...listOption(item.id === selectedId, () => setSelectedId(item.id))}
                data-testid="bo-queue-item"
              >
                <span className="bo-list__main">
                  <strong className="bo-num">{row.title}</strong>
                  <span>{item.userUid}</span>
                </span>
                <span className="bo-muted">
                  {row.note} · {time(item.createdAt)}
                </span>
              </li>
            );
          })}
        </ul>
      </section>
      {selected ? (
        <>
          <Detail key={selected.id} queue={queue} item={selected} onDecide={setChosen} />
          <Panel key={selected.userUid} uid={selected.userUid} />
        </>
      ) : (
        <p className="bo-card bo-muted bo-queue__hint">{t('backoffice.queue.select_hint')}</p>
      )}
      {chosen ? (
        <ConfirmDecision
          chosen={chosen}
          onClose={() => setChosen(null)}
          onDone={() => {
            setChosen(null);
            setSelectedId(null);
            reload();
          }}
        />
      ) : null}
    </div>
  );
}
