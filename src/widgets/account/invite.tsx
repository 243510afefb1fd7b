import { lazy, Suspense, useCallback } from 'react';
import { InviteeList, type Invitee } from '../../core/contract/invitations';
import { inviteLink } from '../../core/domain/invitation';
import { formatZonedTime } from '../../core/domain/format';
import { PagedList } from '../_shared/list-foot';
import { asPage } from '../_shared/paging';
import { usePages } from '../_shared/use-pages';
import { VIEW_PATHS } from './account.logic';
import { useAccount } from './account-context';
import { CopyButton } from './copy-button';
import { PageHeader, Row, Section } from './parts';

// The QR code's encoder is only needed here and on the second-factor page: loaded when the view opens.
const QrCode = lazy(() => import('./qr-code').then((m) => ({ default: m.QrCode })));

/** The page's own origin: the register page of the sign-up link lives on the site the user is on. */
function siteOrigin(): string {
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? origin : '';
}

/** Who signed up with the code: how many and when, each by a masked uid (no invitee's personal data). */
function Invitees() {
  const { t, platform, state, config } = useAccount();
  const fetchPage = useCallback(
    (page: number) =>
      platform.api
        .call(InviteeList, { page }, { silent: true })
        .then((r) => asPage(r, (data) => ({ list: data.list, pages: data.pages, summary: data.total }))),
    [platform],
  );
  const pages = usePages<Invitee, number>(state.uid ?? null, fetchPage);
  const total = pages.paging.summary;
  return (
    <section className="tk-account__invitees" part="invitees" aria-label={t('account.invite.list_title')}>
      <h2 className="tk-account__subtitle">{t('account.invite.list_title')}</h2>
      {total !== null ? (
        <p className="tk-account__hint" data-testid="invitee-count">
          {t('account.invite.count', { n: total })}
        </p>
      ) : null}
      <PagedList
        t={t}
        pages={pages}
        block="tk-account"
        keys={{
          empty: 'account.invite.empty',
          failed: 'account.invite.load_failed',
          end: 'account.invite.end',
          more: 'account.invite.more',
        }}
      >
        <ul className="tk-account__invitee-list">
          {pages.paging.items.map((invitee) => (
            <li key={invitee.id} className="tk-account__invitee" data-testid="invitee">
              <span className="tk-num">{invitee.maskedUid}</span>
              <span className="tk-num tk-account__hint">
                {formatZonedTime(invitee.registeredAt, config.brand.timezone)}
              </span>
            </li>
          ))}
        </ul>
      </PagedList>
    </section>
  );
}

/**
 * The invite page (spec §1 invite programme, §2 the invite row): the invite code and the sign-up link that
 * carries it, each with a copy button, the link as a QR code, and who signed up with it.
 */
export function Invite() {
  const { t, user, navigate, back } = useAccount();
  if (!user) return null;
  const link = inviteLink(siteOrigin(), user.inviteCode);
  return (
    <div className="tk-account__page" data-view="invite">
      <PageHeader
        title={t('account.invite.title')}
        backLabel={t('common.back')}
        onBack={back ? () => navigate(VIEW_PATHS.menu) : undefined}
      />
      <p className="tk-account__lead">{t('account.invite.intro')}</p>
      <Section label={t('account.invite.title')}>
        <Row
          icon="gift"
          label={t('account.invite_code')}
          value={<span data-testid="invite-code">{user.inviteCode}</span>}
          trailing={<CopyButton text={user.inviteCode} />}
        />
        <Row
          icon="copy"
          label={t('account.invite.link')}
          value={
            <span className="tk-account__link-text" data-testid="invite-link">
              {link}
            </span>
          }
          trailing={<CopyButton text={link} />}
        />
      </Section>
      <div className="tk-account__qr-box">
        <Suspense fallback={<p className="tk-state">{t('app.loading')}</p>}>
          <QrCode text={link} label={t('account.invite.qr_label')} size={168} />
        </Suspense>
      </div>
      <Invitees />
    </div>
  );
}
