/** The audit log: every operator, CLI and admin-API action, newest first, filtered by object and actor. */
import { useState, type FormEvent } from 'react';
import { BACKOFFICE_PAGE_SIZE, ListAudit, type AuditRow } from '../core/contract/backoffice';
import { useBackoffice, useTime } from './context';
import { auditChanges, pageCount } from './logic';
import { useLoad } from './use-load';

interface Filters {
  objectKind: string;
  objectId: string;
  actor: string;
}
const NO_FILTERS: Filters = { objectKind: '', objectId: '', actor: '' };

/** The fields an action changed, one per line: `state: waiting → fail`. */
function Changes({ row }: { row: AuditRow }) {
  const changes = auditChanges(row.before, row.after);
  if (changes.length === 0) return <>–</>;
  return (
    <ul className="bo-change">
      {changes.map((change) => (
        <li key={change.field}>
          {change.field ? <span className="bo-change__field">{change.field}: </span> : null}
          {change.before ?? '–'} → {change.after ?? '–'}
        </li>
      ))}
    </ul>
  );
}

export function AuditPage() {
  const { call, t } = useBackoffice();
  const time = useTime();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const key = JSON.stringify({ ...filters, page });
  const [loaded, reload] = useLoad(key, () =>
    call(ListAudit, {
      ...filters,
      page,
      pageSize: BACKOFFICE_PAGE_SIZE,
    }),
  );
  const pages = loaded.state === 'ok' ? pageCount(loaded.data.total, BACKOFFICE_PAGE_SIZE) : 1;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({
      objectKind: draft.objectKind.trim(),
      objectId: draft.objectId.trim(),
      actor: draft.actor.trim(),
    });
    setPage(1);
    // The same filter again reads the log again: it grows while the page is open.
    reload();
  };
  const field = (name: keyof Filters, label: string) => (
    <label className="bo-field bo-field--inline">
      <span>{label}</span>
      <input
        value={draft[name]}
        maxLength={64}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
        data-testid={`bo-audit-${name}`}
      />
    </label>
  );

  return (
    <section className="bo-card bo-audit" aria-labelledby="bo-audit-title" data-testid="bo-audit">
      <h2 id="bo-audit-title">{t('backoffice.audit.heading')}</h2>
      <form className="bo-filters" onSubmit={apply}>
        {field('objectKind', t('backoffice.audit.object_kind'))}
        {field('objectId', t('backoffice.audit.object_id'))}
        {field('actor', t('backoffice.audit.actor'))}
        <button type="submit" className="bo-button bo-button--primary">
          {t('backoffice.audit.apply')}
        </button>
        <button
          type="button"
          className="bo-button"
          onClick={() => {
            setDraft(NO_FILTERS);
            setFilters(NO_FILTERS);
            setPage(1);
          }}
        >
          {t('backoffice.audit.clear')}
        </button>
      </form>
      {loaded.state === 'loading' ? <p className="bo-muted">{t('backoffice.loading')}</p> : null}
      {loaded.state === 'failed' ? (
        <p className="bo-error" role="alert">
          {t('backoffice.failed', { message: loaded.message })}
        </p>
      ) : null}
      {loaded.state === 'ok' && loaded.data.list.length === 0 ? (
        <p className="bo-muted">{t('backoffice.audit.empty')}</p>
      ) : null}
      {loaded.state === 'ok' && loaded.data.list.length > 0 ? (
        // A region that scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
        <div className="bo-scroll" role="region" aria-label={t('backoffice.audit.heading')} tabIndex={0}>
          <table className="bo-table" data-testid="bo-audit-table">
            <thead>
              <tr>
                <th scope="col">{t('backoffice.audit.time')}</th>
                <th scope="col">{t('backoffice.audit.actor')}</th>
                <th scope="col">{t('backoffice.audit.action')}</th>
                <th scope="col">{t('backoffice.audit.object')}</th>
                <th scope="col">{t('backoffice.audit.reason')}</th>
                <th scope="col">{t('backoffice.audit.change')}</th>
              </tr>
            </thead>
            <tbody>
              {loaded.data.list.map((row) => (
                <tr key={row.id} data-testid="bo-audit-row">
                  <td>{time(row.createdAt)}</td>
                  <td>{row.actorEmail ?? row.actor}</td>
                  <td>{row.action}</td>
                  <td>
                    {row.objectKind} {row.objectId}
                  </td>
                  <td>{row.reason || '–'}</td>
                  <td>
                    <Changes row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <nav className="bo-pager" aria-label={t('backoffice.audit.page', { page, pages })}>
        <button type="button" className="bo-button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('backoffice.audit.previous')}
        </button>
        <span>{t('backoffice.audit.page', { page, pages })}</span>
        <button
          type="button"
          className="bo-button"
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
        >
          {t('backoffice.audit.next')}
        </button>
      </nav>
    </section>
  );
}
