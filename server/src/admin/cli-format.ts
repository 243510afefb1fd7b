import type { LedgerCheckReport } from '../ledger';
import type { AdminUserPage } from '../../../src/core/contract/admin';
import type { Operator } from '../../../src/core/contract/backoffice';

/** The `GET /admin/v1/users` data the CLI prints. */
export type UserPage = AdminUserPage;
/** The `GET /admin/v1/operators` data the CLI prints. */
export interface OperatorList {
  list: Operator[];
}
/** The `GET /admin/v1/ledger/check` data the CLI prints. */
export type LedgerReport = LedgerCheckReport;

function table(rows: string[][]): string[] {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

/** A user page as an aligned table with a paging line. */
export function formatUsers(page: UserPage): string[] {
  if (page.list.length === 0) return [`No users (page ${page.page}, ${page.total} in total).`];
  const rows = page.list.map((user) => [
    user.uid,
    user.brandId,
    user.email ?? user.phone ?? '',
    user.nickname ?? '',
    user.blocked ? 'yes' : 'no',
    user.real?.balanceAmount ?? '-',
    user.demo?.balanceAmount ?? '-',
  ]);
  const header = ['UID', 'BRAND', 'LOGIN', 'NICKNAME', 'BLOCKED', 'REAL', 'DEMO'];
  const first = (page.page - 1) * page.pageSize + 1;
  return [
    ...table([header, ...rows]),
    `Users ${first}–${first + page.list.length - 1} of ${page.total} (page ${page.page}).`,
  ];
}

/** The conservation report: one verdict line, the totals, then every mismatch. */
export function formatLedgerCheck(report: LedgerReport): string[] {
  const { counts, totals } = report;
  const lines = [
    report.ok ? 'Ledger OK: money is conserved.' : 'Ledger MISMATCH: money is not conserved.',
    `  ${counts.accounts} accounts, ${counts.transactions} transactions, ${counts.postings} postings`,
    `  users: balance ${totals.userBalance}, locked margin ${totals.userLockMargin}`,
    `  house: ${totals.house}; all accounts: ${totals.all}; all postings: ${totals.postings}`,
  ];
  for (const c of report.currencies) {
    if (c.currency === 'USD') continue;
    lines.push(
      `  ${c.currency}: users ${c.userBalance}, house ${c.house}; all accounts ${c.all}; postings ${c.postings}`,
    );
  }
  for (const m of report.mismatches) {
    const owner = m.userId ? `user ${m.userId}` : 'house';
    lines.push(
      `  account ${m.accountId} (${m.kind}, ${owner}) ${m.bucket}: stored ${m.stored}, postings ${m.posted}`,
    );
  }
  for (const t of report.unbalancedTransactions)
    lines.push(`  transaction ${t.txnId} sums to ${t.sum} ${t.currency}, not 0`);
  return lines;
}

/** Operators as an aligned table. */
export function formatOperators({ list }: OperatorList): string[] {
  if (list.length === 0) return ['No operators.'];
  const when = (ms: number | null) =>
    ms === null ? '-' : new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
  return table([
    ['ID', 'EMAIL', 'NAME', 'ROLES', 'ACTIVE', 'LAST SIGN-IN'],
    ...list.map((op) => [
      op.id,
      op.email,
      op.name,
      op.roles.join(','),
      op.active ? 'yes' : 'no',
      when(op.lastSignInAt),
    ]),
  ]);
}
