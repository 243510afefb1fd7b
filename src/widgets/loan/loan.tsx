import { lazy, Suspense } from 'react';
import type { EventCallbacks } from '../_shared/events';
import { useT } from '../_shared/use-t';
import { WidgetRoot } from '../_shared/widget-root';
import { LOAN_CSS as css } from './styles';

/** Props of <Loan>: the attributes of <tk-loan> and its output callbacks. */
export interface LoanProps extends EventCallbacks<'tk-navigate'> {
  theme?: 'light' | 'dark';
}

// The first paint is the frame and a loading line; the rest loads after it, as <tk-quotes> does (decisions CZ2).
const LoanBody = lazy(() => import('./loan-body').then((m) => ({ default: m.LoanBody })));

function Loading() {
  const t = useT();
  return (
    <p className="tk-state" role="status">
      {t('loan.loading')}
    </p>
  );
}

/**
 * The loan page of spec §2/§4/§5: the application with its sliders and guarantor, the waiting application,
 * the repayment view of an active or overdue loan with the repay button's two clicks and the records.
 */
export function Loan(props: LoanProps) {
  return (
    <WidgetRoot name="loan" css={css} theme={props.theme}>
      <div className="tk-loan" part="base">
        <Suspense fallback={<Loading />}>
          <LoanBody {...props} />
        </Suspense>
      </div>
    </WidgetRoot>
  );
}
