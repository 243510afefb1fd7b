/**
 * The account at a glance in the desktop top bar (issue #26 item 6): total balance, available margin (market
 * mode) or available balance (option mode) of the account signed in, and Deposit where the real account may
 * deposit (use-fund-account.tsx). Nothing for a visitor: the bar keeps Log in / Sign up.
 */
import { useT } from '../../widgets/_shared/use-t';
import { navigate } from '../routing/history';
import { pathOf } from '../routing/routes';
import type { Glance } from './use-glance';
import { useGlanceRefresh } from './use-glance';
import './account-glance.css';

/** One figure: its label over its amount in USD. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="host-glance__figure">
      <dt className="host-glance__label">{label}</dt>
      <dd className="host-glance__value">
        <span className="host-num" data-testid={testId}>
          {value}
        </span>{' '}
        <span className="host-glance__unit">USD</span>
      </dd>
    </div>
  );
}

/** Props of AccountGlance. */
export interface AccountGlanceProps {
  glance: Glance | null;
  /** The total balance shows on the bar; false once it moved into the More menu (narrow bar). */
  balance: boolean;
}

/** The glance of the signed-in account; it also keeps the session's balance current. */
export function AccountGlance({ glance, balance }: AccountGlanceProps) {
  const t = useT();
  useGlanceRefresh();
  if (!glance) return null;
  const { figures } = glance;
  return (
    <div className="host-glance" data-testid="account-glance" data-account={glance.virtual ? 'demo' : 'real'}>
      <dl className="host-glance__figures">
        {balance ? (
          <Figure label={t('account.total_balance')} value={figures.balance} testId="glance-balance" />
        ) : null}
        <Figure label={t(figures.availableLabel)} value={figures.available} testId="glance-available" />
      </dl>
      {glance.deposit ? (
        <button
          type="button"
          className="host-btn host-btn--primary host-glance__deposit"
          data-testid="glance-deposit"
          onClick={() => navigate(pathOf('deposit'))}
        >
          {t('account.deposit')}
        </button>
      ) : null}
    </div>
  );
}

/** The total balance as a line of the top bar's More menu, once the bar has no room for it. */
export function GlanceBalanceItem({ glance }: { glance: Glance | null }) {
  const t = useT();
  if (!glance) return null;
  return (
    <div className="host-more__group">
      <p className="host-more__heading">{t('account.total_balance')}</p>
      <p className="host-more__item host-glance__value" data-testid="more-balance">
        <span className="host-num">{glance.figures.balance}</span>{' '}
        <span className="host-glance__unit">USD</span>
      </p>
    </div>
  );
}
