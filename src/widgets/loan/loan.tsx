import { LoanStatus } from '../../core/contract/loans';
import { formatAmount } from '../../core/domain/format';
import type { EventCallbacks } from '../_shared/events';
import { SignedOut } from '../_shared/signed-out';
import { ToastProvider } from '../_shared/toast';
import { useT } from '../_shared/use-t';
import { WidgetRoot } from '../_shared/widget-root';
import { LoanApplication } from './loan-apply';
import { LoanRepayment } from './loan-repay';
import { LOAN_PATHS, clientStatus, screenOf } from './loan.logic';
import { LOAN_CSS as css } from './styles';
import { useLoan, type LoanModel } from './use-loan';

/** Props of <Loan>: the attributes of <tk-loan> and its output callbacks. */
export interface LoanProps extends EventCallbacks<'tk-navigate'> {
  theme?: 'light' | 'dark';
}

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

function LoanBody(props: LoanProps) {
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

/**
 * The loan page of spec §2/§4/§5: the application with its sliders and guarantor, the waiting application,
 * the repayment view of an active or overdue loan with the repay button's two clicks and the records.
 */
export function Loan(props: LoanProps) {
  return (
    <WidgetRoot name="loan" css={css} theme={props.theme}>
      <ToastProvider>
        <div className="tk-loan" part="base">
          <LoanBody {...props} />
        </div>
      </ToastProvider>
    </WidgetRoot>
  );
}
