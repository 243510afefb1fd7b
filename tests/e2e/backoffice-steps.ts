// Steps shared by the back-office suites: an operator made through the admin API (what
// `npm run admin -- operators:add` calls) and a sign-in at /backoffice with a real TOTP code, followed the
// first time by the choice of the operator's own password (decision SEC12).
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
  /** The first password until the operator has chosen their own, then that one. */
  password: string;
  secret: string;
  /** The password is still the first one: the next sign-in asks for the operator's own. */
  mustChangePassword: boolean;
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
    mustChangePassword: true,
  };
}

/**
 * Signs `operator` in at /backoffice (password and the current TOTP code), chooses their own password at the
 * first sign-in (`operator.password` becomes it) and waits for the top bar.
 */
export async function signInAt(page: Page, operator: Operator, lang = 'en'): Promise<void> {
  await page.goto(`${baseUrl}/backoffice?lang=${lang}`);
  await page.getByTestId('bo-email').fill(operator.email);
  await page.getByTestId('bo-password').fill(operator.password);
  await page.getByTestId('bo-code').fill(totpAt(base32Decode(operator.secret), await serverNow()));
  await page.getByTestId('bo-submit').click();
  if (operator.mustChangePassword) {
    const step = page.getByTestId('bo-choose-password');
    await step.waitFor({ state: 'visible', timeout: 15_000 });
    const own = `own-${operator.password}`;
    await page.getByTestId('bo-password-current').fill(operator.password);
    await page.getByTestId('bo-password-new').fill(own);
    await page.getByTestId('bo-password-repeat').fill(own);
    await page.getByTestId('bo-password-submit').click();
    await step.waitFor({ state: 'detached', timeout: 15_000 });
    operator.password = own;
    operator.mustChangePassword = false;
  }
  await page.getByTestId('bo-operator').waitFor({ state: 'visible', timeout: 15_000 });
}

/** The support inbox's item of the trader `uid` (mine or unassigned). */
const supportItem = (page: Page, uid: string) =>
  page.getByTestId('bo-queue-support').getByTestId('bo-queue-item').filter({ hasText: uid });

/** Opens the support inbox and the conversation of the trader `uid`; waits for its messages. */
export async function openSupportConversation(page: Page, uid: string): Promise<void> {
  await page.getByTestId('bo-nav-support').click();
  const item = supportItem(page, uid);
  await item.waitFor({ state: 'visible', timeout: 15_000 });
  await item.click();
  await page.getByTestId('bo-detail').getByTestId('bo-chat').waitFor({ state: 'visible' });
}

/** Takes (assign) or closes the open conversation of `uid` with the confirmation; the inbox reloads. */
export async function decideSupport(page: Page, uid: string, decision: 'assign' | 'close'): Promise<void> {
  await page.getByTestId('bo-detail').getByTestId(`bo-${decision}`).click();
  await page.getByTestId('bo-confirm').click();
  await page.getByTestId('bo-detail').waitFor({ state: 'detached' });
  if (decision === 'close') {
    await expect.poll(() => supportItem(page, uid).count(), { timeout: 15_000 }).toBe(0);
    return;
  }
  // The taken conversation is listed again as the operator's own, with the reply box.
  await expect.poll(() => supportItem(page, uid).textContent(), { timeout: 15_000 }).toMatch(/^●/);
  await supportItem(page, uid).click();
  await page.getByTestId('bo-chat-input').waitFor({ state: 'visible' });
}

/** The operator sees the message `text` exactly once in the open conversation, live (SO6: no reload). */
export async function seeInConversation(page: Page, text: string): Promise<void> {
  const detail = page.getByTestId('bo-detail');
  const message = detail.getByTestId('bo-chat-message').filter({ hasText: text });
  await expect.poll(() => message.count(), { timeout: 15_000 }).toBe(1);
}

/** Replies `text` in the open conversation (assigned to the operator); the conversation shows it once. */
export async function replyInConversation(page: Page, text: string): Promise<void> {
  await page.getByTestId('bo-chat-input').fill(text);
  await page.getByTestId('bo-chat-send').click();
  const message = page.getByTestId('bo-detail').getByTestId('bo-chat-message').filter({ hasText: text });
  await expect.poll(() => message.count(), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => page.getByTestId('bo-chat-input').inputValue()).toBe('');
}
