/**
 * The body of <tk-loan>, loaded after the widget's first paint (its frame and the loading line): the session,
 * the API client, the forms and their shared parts come with it, so the entry stays small on a partner page.
 */
import { LoanStatus } from '../../core/contract/loans';
import { formatAmount } from '../../core/domain/format';
import { SignedOut } from '../_shared/signed-out';
import { ToastProvider } from '../_shared/toast';
import { useT } from '../_shared/use-t';
import { LoanApplication } from './loan-apply';
import { LoanRepayment } from './loan-repay';
import { LOAN_PATHS, clientStatus, screenOf } from './loan.logic';
import type { LoanProps } from './loan';
import { useLoan, type LoanModel } from './use-loan';

/** The line above the application about the last loan: rejected with the operator's reason, or repaid. */
function LastLoanNotice({ model }: { model: LoanModel }) {
  const t = useT();
  const { loan } = model;
  if (loan?.status === LoanStatus.rejected) {
    return (
      <p className="tk-loan__notice" part="status" role="status" data-testid="loan-rejected">
        {t('loan.rejected')}
        {loan.remark ? ` ${t('loan.reason', { reason: loan.remark })}` : ''}
      </p>
    );
  }
  if (loan?.status === LoanStatus.repaid) {
    return (
      <p className="tk-loan__notice" part="status" role="status">
        {t('loan.repaid')}
      </p>
    );
  }
  return null;
}

function LoanContent(props: LoanProps) {
  const t = useT();
  const model = useLoan(props);
  if (model.demo) {
    return (
      <p className="tk-state" part="empty">
        {t('loan.demo_unavailable')}
      </p>
    );
  }
  if (!model.signedIn) {
    return (
      <SignedOut
        text={t('loan.login_prompt')}
        t={t}
        buttonClass="tk-cash-btn tk-loan__btn"
        onLogin={() => model.navigate(LOAN_PATHS.login)}
      />
    );
  }
  if (!model.offered) {
    return (
      <p className="tk-state" part="empty">
        {t('loan.unavailable')}
      </p>
    );
  }
  const status = clientStatus(model.loan);
  const screen = screenOf(status);
  return (
    <>
      <header className="tk-loan__head" part="header">
        <h2 className="tk-loan__heading">{t('loan.title')}</h2>
        <span className="tk-loan__balance">
          {t('loan.balance')}{' '}
          <span className="tk-num" data-testid="loan-balance">
            {model.balance === null ? '--' : `${formatAmount(model.balance)} USD`}
          </span>
        </span>
      </header>
      <div data-status={status} data-testid="loan-state">
        {screen === 'loading' ? (
          model.error ? (
            <p className="tk-loan__error" role="alert">
              {model.error}
            </p>
          ) : (
            <p className="tk-state">{t('loan.loading')}</p>
          )
        ) : null}
        {screen === 'apply' ? (
          <>
            <LastLoanNotice model={model} />
            <LoanApplication model={model} />
          </>
        ) : null}
        {screen === 'waiting' && model.loan ? (
          <>
            <p className="tk-loan__notice" part="status" role="status">
              {t('loan.waiting_notice')}
            </p>
            <LoanApplication key={model.loan.id} model={model} waiting={model.loan} />
          </>
        ) : null}
        {screen === 'repay' && model.loan ? <LoanRepayment loan={model.loan} model={model} /> : null}
      </div>
    </>
  );
}

/** The widget's content with its toast region. */
export function LoanBody(props: LoanProps) {
  return (
    <ToastProvider>
      <LoanContent {...props} />
    </ToastProvider>
  );
}
