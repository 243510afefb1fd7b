/**
 * The Users page (issue #26 item 12): find a user by their whole uid, email or phone (decision UL1: exact
 * match, at most LOOKUP_LIMIT answers), then open the side panel of the user, as a queue item does — the
 * summary with the freeze of their withdrawals for the roles that may, and what the trader sees, read-only.
 * A query that names nothing is refused here with its reason before any call; the server refuses it too.
 */
import { useState, type FormEvent } from 'react';
import { LOOKUP_QUERY_MAX, LookupUsers, readLookupQuery, type UserHit } from '../core/contract/user-lookup';
import english from '../core/i18n/locales/en/backoffice/users.json';
import { failureText, useBackoffice, useTime } from './context';
import { queueStrings } from './queue-declaration';
import { SidePanel } from './side-panel';
import { USERS_KEYS } from './trader-view';
import { listOption } from './list-option';
import './user-lookup.css';

/** The page's name (tab `bo-nav-users`, screen `bo-users`) is USERS_PAGE of queues.ts. */
export { USERS_PAGE } from './queues';

/** The page's locale namespace, loaded like a queue's (`locales/<lang>/backoffice/users.json`). */
export const USERS_STRINGS = queueStrings(
  'users',
  english,
  import.meta.glob(
    ['../core/i18n/locales/*/backoffice/users.json', '!../core/i18n/locales/en/backoffice/*'],
    {
      import: 'default',
    },
  ),
);

type Search =
  | { state: 'idle' }
  | { state: 'invalid' }
  | { state: 'searching' }
  | { state: 'failed'; message: string }
  | { state: 'done'; list: UserHit[] };

function Hits({
  list,
  selected,
  onSelect,
}: {
  list: UserHit[];
  selected: string | null;
  onSelect: (uid: string) => void;
}) {
  const { t } = useBackoffice();
  const time = useTime();
  if (list.length === 0) {
    return (
      <p className="bo-muted" data-testid="bo-lookup-none">
        {t(`${USERS_KEYS}.none`)}
      </p>
    );
  }
  return (
    <ul className="bo-list" role="listbox" aria-label={t(`${USERS_KEYS}.results`)}>
      {list.map((hit) => (
        <li
          key={hit.uid}
          {...listOption(hit.uid === selected, () => onSelect(hit.uid))}
          data-testid="bo-lookup-hit"
        >
          <span className="bo-list__main">
            <strong className="bo-num">{hit.uid}</strong>
            <span className="bo-muted">{hit.brandId}</span>
          </span>
          <span className="bo-lookup__contact">
            {[hit.email, hit.phone].filter(Boolean).join(' · ') || '–'}
          </span>
          <span className="bo-muted">
            {t('backoffice.panel.registered')} {time(hit.registeredAt)}
            {hit.blocked ? ` · ${t('backoffice.panel.blocked')}` : ''}
            {hit.withdrawalFrozen ? ` · ${t(`${USERS_KEYS}.frozen`)}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function UserLookup() {
  const { call, t, onSessionEnded } = useBackoffice();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  const [selected, setSelected] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!readLookupQuery(query)) return setSearch({ state: 'invalid' });
    setSearch({ state: 'searching' });
    setSelected(null);
    const answer = await call(LookupUsers, { query: query.trim() });
    if (answer.ok) {
      setSearch({ state: 'done', list: answer.data.list });
      // One user found: their panel opens at once.
      if (answer.data.list.length === 1) setSelected(answer.data.list[0]?.uid ?? null);
      return;
    }
    if (answer.status === 401) return onSessionEnded();
    setSearch({ state: 'failed', message: failureText(t, answer) });
  };

  return (
    <div className="bo-lookup" data-testid="bo-users">
      <section className="bo-card bo-lookup__search" aria-labelledby="bo-lookup-title">
        <h2 id="bo-lookup-title">{t(`${USERS_KEYS}.heading`)}</h2>
        <form className="bo-lookup__form" onSubmit={(event) => void submit(event)} noValidate>
          <label className="bo-field">
            <span>{t(`${USERS_KEYS}.query`)}</span>
            <input
              value={query}
              maxLength={LOOKUP_QUERY_MAX}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={search.state === 'invalid'}
              aria-describedby="bo-lookup-hint"
              onChange={(event) => setQuery(event.target.value)}
              data-testid="bo-lookup-query"
            />
            <small id="bo-lookup-hint">{t(`${USERS_KEYS}.hint`)}</small>
          </label>
          <button
            type="submit"
            className="bo-button bo-button--primary"
            disabled={search.state === 'searching'}
            data-testid="bo-lookup-submit"
          >
            {t(`${USERS_KEYS}.search`)}
          </button>
        </form>
        {search.state === 'invalid' ? (
          <p className="bo-error" role="alert" data-testid="bo-lookup-error">
            {t(`${USERS_KEYS}.invalid`)}
          </p>
        ) : null}
        {search.state === 'failed' ? (
          <p className="bo-error" role="alert" data-testid="bo-lookup-error">
            {t('backoffice.failed', { message: search.message })}
          </p>
        ) : null}
        {search.state === 'searching' ? <p className="bo-muted">{t('backoffice.loading')}</p> : null}
        {search.state === 'done' ? (
          <Hits list={search.list} selected={selected} onSelect={setSelected} />
        ) : null}
      </section>
      {selected ? (
        <SidePanel key={selected} uid={selected} traderView />
      ) : (
        <p className="bo-card bo-muted bo-lookup__hint">{t(`${USERS_KEYS}.select_hint`)}</p>
      )}
    </div>
  );
}
