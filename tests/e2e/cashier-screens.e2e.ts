// Every cashier screen and the back office, in English and German at 390×844 and 1440×900 (the back office
// at 1280×720 too), the wallet home and the deposit in dark mode: each renders without a horizontal scroll
// and without a cut button. TK_SCREENSHOTS=<dir> saves one PNG per screen there.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { open, signIn } from './auth-steps';
import type { Account } from './auth-steps';
import { addOperator, signInAt } from './backoffice-steps';
import { navigateTo, openPage, useBrowser, VIEWPORTS } from './browser';
import type { ViewportName } from './browser';
import { waitingDeposits } from './cashier-steps';
import { verifyIdentity } from './kyc-steps';
import { apiToken, fundedAccount, post } from './trading-steps';

const { browser } = useBrowser();
const baseUrl = inject('baseUrl');
const SHOTS = process.env.TK_SCREENSHOTS;

/** What is wrong with the page's layout now: a horizontal scroll, or a visible button whose text is cut. */
function layoutProblems(): string[] {
  const out: string[] = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1)
    out.push(`page scrolls: ${root.scrollWidth} > ${root.clientWidth}`);
  const all: Element[] = [];
  const walk = (node: Document | ShadowRoot) => {
    for (const el of node.querySelectorAll('*')) {
      all.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  for (const el of all) {
    if (!(el instanceof HTMLButtonElement) || el.offsetParent === null) continue;
    const text = el.textContent?.trim() ?? '';
    if (text && el.scrollWidth > el.clientWidth + 1) out.push(`cut button "${text}"`);
  }
  return out;
}

async function check(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  expect(await page.evaluate(layoutProblems), name).toEqual([]);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  }
}

/** One trader with money, a card, a crypto address, a notification and a waiting deposit (the queue's item). */
let ready: Promise<Account & { uid: string }> | undefined;
// The server is shared by every e2e file: the review queues are left empty for the next one.
const submitDeposit = waitingDeposits('Screens done');
async function makeTrader(): Promise<Account & { uid: string }> {
  const trader = await fundedAccount('25000');
  // The withdraw screens show the form, not the identity stop (KC1).
  await verifyIdentity(await apiToken(trader), trader.uid);
  await submitDeposit(trader, '2500', `screens-${trader.uid}`);
  const sent = await post(
    `/admin/v1/users/${trader.uid}/notifications`,
    { title: 'Maintenance', content: 'Trading pauses tonight from 22:00 to 22:15 UTC.' },
    'admin',
  );
  expect(sent.code).toBe(0);
  return trader;
}
const trader = () => (ready ??= makeTrader());

interface Screen {
  name: string;
  path: string;
  ready: string;
  /** A step after the page shows (open a drawer, a tab, the next step). */
  then?: (page: Page) => Promise<void>;
}

const SCREENS: readonly Screen[] = [
  { name: 'wallet-home', path: '/user/wallet', ready: '[data-testid="wallet-page"]' },
  { name: 'my-wallet', path: '/user/myWallet', ready: '[data-testid="balance-USD"]' },
  {
    name: 'my-wallet-transfer',
    path: '/user/myWallet',
    ready: '[data-testid="balance-USD"]',
    then: async (page) => {
      await page.locator('[part="transfer-in"]').first().click();
      await page.getByTestId('transfer-submit').waitFor({ state: 'visible' });
    },
  },
  { name: 'records', path: '/user/wallet/transactionList', ready: '[data-testid="wallet-records-page"]' },
  { name: 'deposit-step1', path: '/user/deposit', ready: '[data-testid="deposit-qr"]' },
  {
    name: 'deposit-step2',
    path: '/user/deposit',
    ready: '[data-testid="deposit-qr"]',
    then: async (page) => {
      await page.locator('[part="next"]').click();
      await page.getByTestId('deposit-proof-name').or(page.locator('[data-step="2"]')).first().waitFor();
    },
  },
  { name: 'agreement', path: '/user/agreement', ready: '[data-testid="agreement-page"]' },
  { name: 'withdraw-crypto', path: '/user/withdraw', ready: '[data-testid="withdraw-page"] [part="select"]' },
  {
    name: 'withdraw-bank',
    path: '/user/withdraw',
    ready: '[data-testid="withdraw-page"] [part="select"]',
    then: async (page) => {
      await page.locator('[data-testid="withdraw-page"] [role="tab"]').nth(1).click();
      await page
        .locator(
          '[data-testid="withdraw-page"] [part="empty"], [data-testid="withdraw-page"] [part="select"]',
        )
        .first()
        .waitFor();
    },
  },
  {
    name: 'bank-cards',
    path: '/user/wallet/bankCard',
    ready:
      '[data-testid="bank-cards-page-list"] [part="empty"], [data-testid="bank-cards-page-list"] [part="list"]',
  },
  { name: 'bank-card-form', path: '/user/wallet/addBankCard', ready: '[data-testid="card-bankName"]' },
  { name: 'crypto-addresses', path: '/user/wallet/crypto', ready: '[data-testid="crypto-page-list"]' },
  { name: 'crypto-add', path: '/user/wallet/addCrypto', ready: '[data-testid="crypto-page-add"] input' },
  { name: 'notifications', path: '/user/notification', ready: 'li[data-notification]' },
];

type Case = { vp: ViewportName; language: string; theme?: 'dark' };
/**
 * With TK_SCREENSHOTS every screen is shot in English and German at both viewports, and in dark mode. Without
 * it (npm test) the layout checks run on the longer German texts at both viewports and in dark mode at 390 px:
 * the English screens are walked by the cashier journey and the deposit e2e.
 */
const CASES: ReadonlyArray<Case> = SHOTS
  ? [
      { vp: 'mobile', language: 'en' },
      { vp: 'mobile', language: 'de' },
      { vp: 'desktop', language: 'en' },
      { vp: 'desktop', language: 'de' },
      { vp: 'mobile', language: 'en', theme: 'dark' },
      { vp: 'desktop', language: 'en', theme: 'dark' },
    ]
  : [
      { vp: 'mobile', language: 'de' },
      { vp: 'desktop', language: 'de' },
      { vp: 'mobile', language: 'en', theme: 'dark' },
    ];

describe.each(CASES)('the cashier screens at $vp in $language $theme', ({ vp, language, theme }) => {
  it('render without a horizontal scroll or a cut button', { timeout: 120_000 }, async () => {
    const account = await trader();
    const { context, page } = await openPage(browser(), vp);
    await context.addInitScript(
      ([lang, dark]) => {
        localStorage.setItem('language', lang);
        if (dark) localStorage.setItem('theme', 'dark');
      },
      [language, theme ?? ''] as const,
    );
    try {
      await open(page, '/login');
      await signIn(page, vp, account);
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      const screens = theme
        ? SCREENS.filter((s) => s.name === 'wallet-home' || s.name.startsWith('deposit'))
        : SCREENS;
      // Screen to screen inside the app, as a trader goes: one page load for the whole walk.
      for (const screen of screens) {
        await navigateTo(page, screen.path);
        await page.locator(screen.ready).first().waitFor({ state: 'visible', timeout: 15_000 });
        if (screen.then) await screen.then(page);
        await check(page, `cashier-${screen.name}-${vp}-${language}${theme ? '-dark' : ''}`);
      }
    } finally {
      await context.close();
    }
  });
});

const BO_SIZES = {
  mobile: VIEWPORTS.mobile,
  desktop: VIEWPORTS.desktop,
  laptop: { viewport: { width: 1280, height: 720 } },
} as const;

// Without TK_SCREENSHOTS the back office's layout is checked in German (its longer texts) at every size.
describe.each(SHOTS ? ['en', 'de'] : ['de'])('the back office in %s', (language) => {
  it.each(Object.keys(BO_SIZES) as Array<keyof typeof BO_SIZES>)(
    'renders sign-in, the deposit queue with proof and side panel, withdrawals and audit at %s',
    { timeout: 90_000 },
    async (size) => {
      const account = await trader();
      const operator = await addOperator(['finance']);
      const vp: ViewportName = size === 'mobile' ? 'mobile' : 'desktop';
      const { context, page } = await openPage(browser(), vp, BO_SIZES[size]);
      const tag = `${size}-${language}`;
      try {
        await page.goto(`${baseUrl}/backoffice?lang=${language}`);
        await page.getByTestId('bo-email').waitFor({ state: 'visible', timeout: 20_000 });
        await check(page, `bo-sign-in-${tag}`);
        await signInAt(page, operator, language);
        const item = page.getByTestId('bo-queue-item').filter({ hasText: account.uid });
        await item.waitFor({ state: 'visible', timeout: 15_000 });
        await item.click();
        await page.getByTestId('bo-proof').waitFor({ state: 'visible' });
        await page.getByTestId('bo-ledger').waitFor({ state: 'visible', timeout: 15_000 });
        await check(page, `bo-deposits-${tag}`);
        await page.getByTestId('bo-nav-withdrawals').click();
        await page.getByTestId('bo-queue-withdrawals').waitFor({ state: 'visible' });
        await page
          .getByTestId('bo-queue-withdrawals')
          .locator('[data-testid="bo-queue-empty"], [data-testid="bo-queue-item"]')
          .first()
          .waitFor({ timeout: 15_000 });
        await check(page, `bo-withdrawals-${tag}`);
        await page.getByTestId('bo-nav-audit').click();
        await page.getByTestId('bo-audit-row').first().waitFor({ state: 'visible', timeout: 15_000 });
        await check(page, `bo-audit-${tag}`);
      } finally {
        await context.close();
      }
    },
  );
});
