/**
 * `/user/agreement` (spec §2): the deposit agreement, with the way back to the deposit form. The form kept in
 * session storage while it is read survives only a return to `/user/deposit`; leaving for anywhere else drops it.
 */
import { useEffect } from 'react';
import { clearDraft, DEPOSIT_PATH, keepsDraft, sessionStore } from '../../../widgets/deposit';
import { useT } from '../../../widgets/_shared/use-t';
import { currentPath } from '../../routing/history';
import { Link } from '../../routing/link';
import { useIsDesktop } from '../../shells/use-media-query';
import { PageBar } from '../../ui/page-bar';
import './deposit-pages.css';

const PARAGRAPHS = ['p1', 'p2', 'p3', 'p4', 'p5'] as const;

/** The agreement page of the current shell. */
export function AgreementPage() {
  const t = useT();
  const desktop = useIsDesktop();
  // Runs when the page goes: the location already names where the user went.
  useEffect(
    () => () => {
      if (!keepsDraft(currentPath())) clearDraft(sessionStore());
    },
    [],
  );
  return (
    <div className="host-agreement-page" data-testid="agreement-page">
      {desktop ? null : <PageBar title={t('deposit_agreement.title')} />}
      <article className="host-agreement-page__text">
        {desktop ? <h2>{t('deposit_agreement.title')}</h2> : null}
        {PARAGRAPHS.map((p) => (
          <p key={p}>{t(`deposit_agreement.${p}`)}</p>
        ))}
        <Link to={DEPOSIT_PATH} replace className="host-agreement-page__back">
          {t('deposit_agreement.back')}
        </Link>
      </article>
    </div>
  );
}
