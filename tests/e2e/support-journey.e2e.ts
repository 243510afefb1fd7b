// The live support journey of issue #21 in Chromium at 390×844 and 1440×900, against the real server: a new
// trader opens the chat (the service page on the phone, the float on desktop) and writes with a PNG through
// the picker's checks → an operator finds it in the inbox, takes it and replies (through the back office at
// 1440×900, through the admin API at 390×844) → the reply shows without a reload, and the trader's message
// shows sent, then read → after a reload the conversation is intact, each
// message once → the trader's line is cut (socket and requests): the operator replies and the trader sends
// meanwhile (not sent) → restored, the reply is there once and the message is delivered once (counted on the
// page and on the server) → the operator closes it and the trader sees it closed, live.
// One context, one sign-in and one operator per viewport. TK_SCREENSHOTS=1 shoots the service page, the
// float's dialog and the chat in English and Japanese, and the chat in dark mode
// (test-results/screenshots/support-*).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { text } from '../fixtures/locale';
import { open, signIn } from './auth-steps';
import {
  addOperator,
  decideSupport,
  openSupportConversation,
  replyInConversation,
  seeInConversation,
  signInAt,
} from './backoffice-steps';
import {
  cuttableNetwork,
  navigateTo,
  newPage,
  openPage,
  screenshot,
  SHOOTING,
  switchLanguage,
  useBrowser,
} from './browser';
import type { ViewportName } from './browser';
import {
  chatOf,
  conversationOf,
  expectNewestInView,
  messagesOf,
  openChat,
  receiptPng,
  rowsWith,
  stateOf,
  team,
  write,
} from './support-steps';
import { fundedAccount } from './trading-steps';

const { browser } = useBrowser();

/** Goes home and flips the theme with the toggle (top bar on desktop, home page on the phone). */
async function toggleTheme(page: Page, vp: ViewportName, to: 'dark' | 'light', lang = 'en'): Promise<void> {
  await navigateTo(page, '/');
  await page.getByTestId(vp === 'mobile' ? 'home' : 'chart-panel').waitFor();
  const toggle = page.getByRole('button', { name: text(lang, `theme.${to}`), exact: true }).first();
  if (vp === 'desktop' && !(await toggle.isVisible())) await page.getByTestId('top-more').click();
  await toggle.click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe(to);
}

/** Leaves the float's dialog (desktop) with its close button. */
async function closeFloat(page: Page): Promise<void> {
  const dialog = page.getByTestId('support-float-dialog');
  await dialog.getByRole('button', { name: text('en', 'common.close'), exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * The float's dialog holds everything in view (SJ4): the other channels' buttons, the list with the newest
 * message in view and the composer (or the closed notice's button) lie inside the panel.
 */
async function expectFloatFits(page: Page): Promise<void> {
  const panel = (await page.getByTestId('support-float-dialog').boundingBox())!;
  const chat = chatOf(page);
  await expectNewestInView(chat);
  const parts = {
    email: page.getByTestId('support-float-body').getByRole('button', { name: 'Email', exact: true }),
    list: chat.locator('[part="list"]'),
    action: chat.locator('[part="send"]').or(chat.getByTestId('support-closed').getByRole('button')),
  };
  for (const [name, part] of Object.entries(parts)) {
    const box = (await part.boundingBox())!;
    expect(box.y, name).toBeGreaterThanOrEqual(panel.y);
    expect(box.y + box.height, name).toBeLessThanOrEqual(panel.y + panel.height);
  }
}

/**
 * The service page as a trader reaches it; on desktop in the account dialog under its own title and
 * without the float on top (SJ1, SJ2).
 */
async function showServicePage(page: Page, vp: ViewportName, lang: string): Promise<void> {
  // From the phone's chat, home first: the page opens on its channels again.
  if (new URL(page.url()).pathname === '/user/service') {
    await navigateTo(page, '/');
    // Home shown: its code may still be on its way (EK19), and until it is the service page stays as it was.
    await page.locator(vp === 'mobile' ? '[data-testid="home"]' : '[data-testid="chart-panel"]').waitFor();
  }
  await navigateTo(page, '/user/service');
  await page.getByTestId('service-page').getByTestId('service-channels').waitFor({ state: 'visible' });
  if (vp === 'desktop') {
    expect(await page.getByRole('dialog', { name: text(lang, 'support.menu') }).count()).toBe(1);
    expect(await page.getByTestId('support-float').count()).toBe(0);
  }
}

/** Waits until the chat's image has loaded and the newest message is in view (before a screenshot). */
async function imagesShown(chat: Locator): Promise<void> {
  await chat.locator('img[part="image"]').first().waitFor({ state: 'visible' });
  await expectNewestInView(chat);
}

/** The screens in another language and in dark mode, on the closed conversation with its messages. */
async function shootVariations(page: Page, vp: ViewportName): Promise<void> {
  await toggleTheme(page, vp, 'dark');
  await imagesShown(await openChat(page, vp));
  await screenshot(page, 'support-chat-dark-en', vp);
  if (vp === 'desktop') await closeFloat(page);
  await toggleTheme(page, vp, 'light');
  await switchLanguage(page, vp, 'ja');
  await showServicePage(page, vp, 'ja');
  await screenshot(page, 'support-service-ja', vp);
  if (vp === 'desktop') await navigateTo(page, '/');
  await imagesShown(await openChat(page, vp));
  await screenshot(page, `support-${vp === 'desktop' ? 'float-' : ''}chat-ja`, vp);
}

describe.each<ViewportName>(['mobile', 'desktop'])('the support journey at %s', (vp) => {
  it(
    'writes with an image → taken and answered live → intact after a reload → cut and restored → closed',
    { timeout: 240_000 },
    async () => {
      const started = Date.now();
      const trader = await fundedAccount(null);
      const { context, page } = await openPage(browser(), vp);
      const line = await cuttableNetwork(page);
      // At 1440×900 the operator works in the back office, in a second page of the same context.
      const operator = vp === 'desktop' ? await addOperator(['support']) : null;
      const op = operator ? await newPage(context) : null;
      // The page the test works in next comes to the front: Chromium gives the other page of the context its
      // animation frames once a second, and every click waits for two of them to see its target still (TR25).
      const front = async (target: Page) => {
        if (op) await target.bringToFront();
      };
      const tag = `${vp}-${trader.uid}`;
      const said = {
        first: `Where is my deposit? ${tag}`,
        reply: `Looking at it now, ${tag}.`,
        cutReply: `It arrived while you were away, ${tag}.`,
        cutSend: `Thanks, I was offline ${tag}`,
      };
      try {
        await front(page);
        await open(page, '/login');
        await signIn(page, vp, trader);
        await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
        // A mark on the document: it is gone after any reload (in-app navigations keep it).
        const stillLoaded = () =>
          page.evaluate(() => (globalThis as { tkNoReload?: true }).tkNoReload === true);
        const markLoaded = () =>
          page.evaluate(() => void ((globalThis as { tkNoReload?: true }).tkNoReload = true));
        await markLoaded();

        // 1. The trader opens the chat and writes with an image; it is stored (sent) with its image.
        if (SHOOTING) {
          await showServicePage(page, vp, 'en');
          await screenshot(page, 'support-service-en', vp);
          if (vp === 'desktop') await navigateTo(page, '/');
        }
        let chat = await openChat(page, vp);
        expect(await chat.getByTestId('support-operator').textContent()).toBe(text('en', 'support.waiting'));
        if (SHOOTING && vp === 'desktop') await screenshot(page, 'support-float-en', vp);
        await write(chat, said.first, { name: 'deposit-receipt.png', buffer: await receiptPng(page) });
        await expect.poll(() => stateOf(chat, said.first), { timeout: 15_000 }).toBe('sent');
        await rowsWith(chat, said.first).locator('img[part="image"]').waitFor({ state: 'visible' });
        const { id } = await conversationOf(trader.uid);
        const stored = await messagesOf(id);
        expect(stored.map((m) => [m.from, m.text, m.image !== null])).toEqual([['trader', said.first, true]]);

        // 2. The operator finds it, takes it and replies; the trader sees both live, without a reload.
        if (op && operator) {
          await front(op);
          await signInAt(op, operator);
          await openSupportConversation(op, trader.uid);
          await seeInConversation(op, said.first);
          expect(await op.getByTestId('bo-chat-image').count()).toBe(1);
          await decideSupport(op, trader.uid, 'assign');
          await replyInConversation(op, said.reply);
          await screenshot(op, 'support-inbox-en', vp);
          await front(page);
        } else {
          await team.assign(id);
          await team.reply(id, said.reply);
        }
        const answering = text('en', 'support.operator').replace(
          '{{name}}',
          operator ? 'Operator support' : 'Support',
        );
        await expect.poll(() => chat.getByTestId('support-operator').textContent()).toBe(answering);
        await rowsWith(chat, said.reply).waitFor({ state: 'visible', timeout: 15_000 });
        expect(await rowsWith(chat, said.reply).getAttribute('data-from')).toBe('operator');
        // Read once the operator has it: the back office marks the trader's messages of its own conversation
        // read when it shows them (SO6); through the API the operator marks it.
        if (!op) {
          expect(await stateOf(chat, said.first)).toBe('sent');
          await team.read(id, stored[0]!.id);
        }
        await expect.poll(() => stateOf(chat, said.first), { timeout: 15_000 }).toBe('read');
        expect(await stillLoaded()).toBe(true);
        await screenshot(page, `support-${vp === 'desktop' ? 'float-' : ''}chat-en`, vp);

        // 3. A reload: the same conversation, each message once.
        await page.reload();
        await page.getByTestId('loading').waitFor({ state: 'detached', timeout: 20_000 });
        chat = await openChat(page, vp);
        await rowsWith(chat, said.reply).waitFor({ state: 'visible', timeout: 15_000 });
        // The image loads after the list has scrolled to the newest message, which stays in view (SJ8).
        await rowsWith(chat, said.first).locator('img[part="image"]').waitFor({ state: 'visible' });
        await expectNewestInView(chat);
        for (const said_ of [said.first, said.reply]) expect(await rowsWith(chat, said_).count()).toBe(1);
        expect(await chat.locator('li[part="message"]').count()).toBe(2);
        expect(await stateOf(chat, said.first)).toBe('read');
        await markLoaded();

        // 4. The line is cut: the operator replies and the trader writes meanwhile (not sent).
        await line.cut();
        if (op) {
          await front(op);
          await replyInConversation(op, said.cutReply);
          await front(page);
        } else await team.reply(id, said.cutReply);
        await write(chat, said.cutSend);
        await expect.poll(() => stateOf(chat, said.cutSend), { timeout: 15_000 }).toBe('failed');
        expect(await rowsWith(chat, said.cutReply).count()).toBe(0);

        // 5. Restored: the socket reconnects, the chat catches up and sends again; nothing lost or doubled.
        await line.restore();
        // Delivered: at 1440×900 the operator has their own conversation open and reads what arrives at once
        // (SO6), so 'sent' turns 'read' faster than a poll can be sure to see; through the API nobody reads it.
        await expect.poll(() => stateOf(chat, said.cutSend), { timeout: 20_000 }).toBe(op ? 'read' : 'sent');
        await rowsWith(chat, said.cutReply).waitFor({ state: 'visible', timeout: 15_000 });
        const everything = await messagesOf(id);
        expect(everything.map((m) => m.text)).toEqual([said.first, said.reply, said.cutReply, said.cutSend]);
        for (const m of everything) expect(await rowsWith(chat, m.text).count(), m.text).toBe(1);
        expect(await chat.locator('li[part="message"]').count()).toBe(everything.length);
        expect(await stillLoaded()).toBe(true);
        if (op) await seeInConversation(op, said.cutSend);

        // 6. The operator closes it; the trader sees it closed, live, and the messages stay.
        if (op) {
          await front(op);
          await decideSupport(op, trader.uid, 'close');
          await front(page);
        } else await team.close(id);
        await chat.getByTestId('support-closed').waitFor({ state: 'visible', timeout: 15_000 });
        expect(await chat.locator('li[part="message"]').count()).toBe(everything.length);
        expect(await stillLoaded()).toBe(true);
        if (vp === 'desktop') await expectFloatFits(page);
        await screenshot(page, `support-${vp === 'desktop' ? 'float-' : ''}chat-closed-en`, vp);

        // The service page on desktop: its own title, no float over it (SJ1, SJ2).
        if (vp === 'desktop') await closeFloat(page);
        await showServicePage(page, vp, 'en');
        if (SHOOTING) await shootVariations(page, vp);
        console.info(`support journey at ${vp}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } catch (error) {
        await screenshot(page, 'failed-support-journey', vp).catch(() => undefined);
        if (op) await screenshot(op, 'failed-support-journey-bo', vp).catch(() => undefined);
        throw error;
      } finally {
        await context.close();
      }
    },
  );
});
