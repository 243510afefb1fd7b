import fp from 'fastify-plugin';
import { loanOverdueRule, loanOverdueWithdrawalRule } from './blocking';
import { adminLoanRoutes, loanRoutes } from './routes';
import { createLoanService, type LoanService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Loans: status check, application, repayments and the operators' two queues. */
    loans: LoanService;
  }
}

/** How often loans past their repayment date are marked overdue (real time; the date is on `app.clock`). */
const SWEEP_MS = 60_000;

/**
 * Loans with a guarantor (issue #20): the user's `userLoan/*` calls and the operators' loan and repayment
 * queues. While a loan is overdue, real placements answer 1151 (a blocking rule).
 */
export const loansPlugin = fp(
  async (app) => {
    app.decorate('loans', createLoanService(app));
    app.accounts.blockingRules.register(loanOverdueRule);
    app.accounts.actionRules.register(loanOverdueWithdrawalRule);
    loanRoutes(app);
    adminLoanRoutes(app);
    const timer = setInterval(() => {
      app.loans
        .sweepOverdue()
        .catch((error: unknown) => app.log.warn({ err: error }, 'loan overdue sweep failed'));
    }, SWEEP_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  {
    name: 'loans',
    fastify: '5.x',
    dependencies: ['db', 'http', 'admin', 'brand', 'auth', 'ledger', 'notifications', 'accounts'],
  },
);

export default loansPlugin;
