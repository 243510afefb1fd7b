import fp from 'fastify-plugin';
import { loanOverdueRule, loanOverdueWithdrawalRule } from './blocking';
import { createOverdueTimer } from './overdue-timer';
import { adminLoanRoutes, loanRoutes } from './routes';
import { createLoanService, type LoanService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Loans: status check, application, repayments and the operators' two queues. */
    loans: LoanService;
  }
}

/**
 * Loans with a guarantor (issue #20): the user's `userLoan/*` calls and the operators' loan and repayment
 * queues. While a loan is overdue, real placements answer 1151 (a blocking rule).
 */
export const loansPlugin = fp(
  async (app) => {
    const overdue = createOverdueTimer(app);
    app.decorate('loans', createLoanService(app, overdue));
    app.accounts.blockingRules.register(loanOverdueRule);
    app.accounts.actionRules.register(loanOverdueWithdrawalRule);
    loanRoutes(app);
    adminLoanRoutes(app);
    // The sweep runs on `app.clock`: the earliest repayment date of the active loans, set again after each.
    app.addHook('onReady', async () => {
      overdue.rearm();
      await overdue.settled();
    });
    app.addHook('onClose', async () => {
      overdue.close();
      await overdue.settled();
    });
  },
  {
    name: 'loans',
    fastify: '5.x',
    dependencies: ['db', 'http', 'admin', 'brand', 'auth', 'ledger', 'notifications', 'accounts'],
  },
);

export default loansPlugin;
