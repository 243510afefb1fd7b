// Steps shared by the back-office suites: an operator made through the admin API (what
// `npm run admin -- operators:add` calls) and a sign-in at /backoffice with a real TOTP code.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { OperatorRole } from '../../src/core/contract/endpoint';
import { base32Decode } from '../../server/src/auth/base32';
import { totpAt } from '../../server/src/auth/totp';
import { serverNow } from './clock';

const baseUrl = inject('baseUrl');
const adminToken = inject('adminToken');

export interface Operator {
  id: string;
  email: string;
  password: string;
  secret: string;
}

/** A new operator with `roles`, created through the admin API. */
export async function addOperator(roles: OperatorRole[]): Promise<Operator> {
  const email = `op-${randomBytes(4).toString('hex')}@ops.tradekit.test`;
  const response = await fetch(`${baseUrl}/admin/v1/operators`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ email, roles, name: `Operator ${roles.join(' ')}` }),
  });
  const answer = (await response.json()) as {
    code: number;
    data: { operator: { id: string }; password: string; totpSecret: string };
  };
  expect(answer.code).toBe(0);
  return {
    id: answer.data.operator.id,
    email,
    password: answer.data.password,
    secret: answer.data.totpSecret,
  };
}

/** Signs `operator` in at /backoffice (password and the current TOTP code) and waits for the top bar. */
export async function signInAt(page: Page, operator: Operator, lang = 'en'): Promise<void> {
  await page.goto(`${baseUrl}/backoffice?lang=${lang}`);
  await page.getByTestId('bo-email').fill(operator.email);
  await page.getByTestId('bo-password').fill(operator.password);
  await page.getByTestId('bo-code').fill(totpAt(base32Decode(operator.secret), await serverNow()));
  await page.getByTestId('bo-submit').click();
  await page.getByTestId('bo-operator').waitFor({ state: 'visible', timeout: 15_000 });
}
