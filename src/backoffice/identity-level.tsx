/**
 * The side panel's identity section (issue #20): the user's verified level and the status of each level,
 * read from the admin API (no name, number or image: those are the identity queue's, audited per opening).
 * Its strings are the identity queue's namespace, which the app loads with every queue's.
 */
import { AdminKycLevel } from '../core/contract/kyc';
import { useBackoffice } from './context';
import { useLoad } from './use-load';

const KEYS = 'backoffice.queues.kyc.panel';

export function IdentityLevel({ uid }: { uid: string }) {
  const { call, t } = useBackoffice();
  const [loaded] = useLoad(uid, () => call(AdminKycLevel, { uid }));
  return (
    <section className="bo-panel__section" aria-labelledby="bo-identity">
      <h3 id="bo-identity">{t(`${KEYS}.identity`)}</h3>
      {loaded.state === 'ok' ? (
        <dl className="bo-facts" data-testid="bo-identity">
          <dt>{t(`${KEYS}.level`)}</dt>
          <dd data-level={loaded.data.level}>
            {loaded.data.level === 'none' ? t(`${KEYS}.level_none`) : t(`${KEYS}.${loaded.data.level}`)}
          </dd>
          <dt>{t(`${KEYS}.junior`)}</dt>
          <dd>{t(`${KEYS}.status_${loaded.data.junior}`)}</dd>
          <dt>{t(`${KEYS}.advanced`)}</dt>
          <dd>{t(`${KEYS}.status_${loaded.data.advanced}`)}</dd>
        </dl>
      ) : loaded.state === 'loading' ? (
        <p className="bo-muted">{t('backoffice.loading')}</p>
      ) : (
        <p className="bo-error" role="alert">
          {loaded.forbidden
            ? t('backoffice.panel.not_allowed')
            : t('backoffice.failed', { message: loaded.message })}
        </p>
      )}
    </section>
  );
}
