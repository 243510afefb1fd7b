// Steps of the support suites: a trader's live chat (<tk-support>) on the service page or in the desktop
// float's dialog, and the operators' side through the admin API (the admin token acts as the team).
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { AdminSupportConversation, SupportMessage } from '../../src/core/contract/support';
import { bytesOfDataUrl, navigateTo } from './browser';
import type { ViewportName } from './browser';
import type { Answer } from './trading-steps';

const baseUrl = inject('baseUrl');
const adminToken = inject('adminToken');
const SUPPORT = `${baseUrl}/admin/v1/support/conversations`;

/** An admin-API call of the inbox; `body` is JSON, or a form for a reply. Fails the test on a refusal. */
async function admin<T>(path: string, body?: Record<string, unknown> | FormData): Promise<T> {
  const json = body !== undefined && !(body instanceof FormData);
  const response = await fetch(`${SUPPORT}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${adminToken}`,
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    ...(body === undefined ? {} : { body: json ? JSON.stringify(body) : body }),
  });
  const answer = (await response.json()) as Answer<T>;
  expect(answer.code, `${path}: ${answer.msg}`).toBe(0);
  return answer.data;
}

/** The open conversation of the trader `uid` in the `box` of the admin token (waits until it is listed). */
export async function conversationOf(
  uid: string,
  box: 'unassigned' | 'mine' = 'unassigned',
): Promise<AdminSupportConversation> {
  let found: AdminSupportConversation | undefined;
  await expect
    .poll(
      async () => {
        const { list } = await admin<{ list: AdminSupportConversation[] }>(`?box=${box}&limit=200`);
        found = list.find((c) => c.userUid === uid);
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found as AdminSupportConversation;
}

/** Every message of a conversation as the operators' inbox has it (one page is enough for a journey). */
export async function messagesOf(id: string): Promise<SupportMessage[]> {
  return (await admin<{ messages: SupportMessage[] }>(`/${id}`)).messages;
}

/** The team (the admin token) takes the conversation, replies, marks the trader's messages read, closes it. */
export const team = {
  assign: (id: string) => admin(`/${id}/assign`, {}),
  reply: async (id: string, text: string): Promise<SupportMessage> => {
    const form = new FormData();
    form.set('text', text);
    form.set('clientId', randomUUID());
    return (await admin<{ message: SupportMessage }>(`/${id}/reply`, form)).message;
  },
  read: (id: string, upToId: string) => admin(`/${id}/read`, { upToId }),
  close: (id: string) => admin(`/${id}/close`, {}),
};

/** A receipt-like PNG (480 × 300) drawn by the browser: something an operator can see in the thread. */
export async function receiptPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 300;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#f4f1ea';
    ctx.fillRect(0, 0, 480, 300);
    ctx.fillStyle = '#1f2937';
    ctx.font = 'bold 28px sans-serif';
    ctx.fillText('Bank transfer receipt', 24, 56);
    ctx.font = '20px sans-serif';
    ['Amount: 1,000.00 USD', 'Reference: TK-2026-1130', 'Status: completed'].forEach((line, i) =>
      ctx.fillText(line, 24, 120 + i * 44),
    );
    // As a data URL: one string crosses the protocol, not an array of a number per byte (TR22).
    return canvas.toDataURL('image/png');
  });
  return bytesOfDataUrl(dataUrl);
}

/** The chat of the page (the service page's, or the float dialog's on desktop). */
export const chatOf = (page: Page): Locator => page.getByTestId('support-chat');

/**
 * Opens the live chat as a trader would: on a phone the service page and its online card, on desktop the
 * float (from a trading page: the service page hides it). Waits for the composer (or the closed notice).
 */
export async function openChat(page: Page, vp: ViewportName): Promise<Locator> {
  if (vp === 'desktop') {
    await page.getByTestId('support-float').click();
    await page.getByTestId('support-float-dialog').waitFor({ state: 'visible' });
  } else {
    if (new URL(page.url()).pathname !== '/user/service') await navigateTo(page, '/user/service');
    const page_ = page.getByTestId('service-page');
    await page_.waitFor({ state: 'visible' });
    await page_.locator('[data-channel="online"] button').click();
  }
  const chat = chatOf(page);
  // The composer, or the notice of a closed conversation with its messages.
  const ready = chat.locator('[part="input"]').or(chat.getByTestId('support-closed'));
  await ready.waitFor({ state: 'visible', timeout: 15_000 });
  return chat;
}

/** The chat's rows that show `text` (a sent, pending or received message). */
export const rowsWith = (chat: Locator, text: string): Locator =>
  chat.locator('li[part="message"]').filter({ hasText: text });

/** The delivery state the trader's row with `text` shows (sending, sent, read, failed). */
export const stateOf = (chat: Locator, text: string): Promise<string | null> =>
  rowsWith(chat, text).getByTestId('support-state').getAttribute('data-state');

/** Writes `text` (with `image`, a PNG, through the picker and its checks) and sends it with Enter. */
export async function write(
  chat: Locator,
  text: string,
  image?: { name: string; buffer: Buffer },
): Promise<void> {
  if (image) {
    await chat.getByTestId('support-file').setInputFiles({ ...image, mimeType: 'image/png' });
    await expect.poll(() => chat.getByTestId('support-attached').textContent()).toContain(image.name);
  }
  const input = chat.locator('[part="input"]');
  await input.fill(text);
  await input.press('Enter');
}

/** The newest message lies inside the scrolled list's box (the chat keeps it in view, SJ8). */
export async function expectNewestInView(chat: Locator): Promise<void> {
  const list = chat.locator('[part="list"]');
  const newest = list.locator('li[part="message"]').last();
  await expect
    .poll(async () => {
      const [outer, row] = [await list.boundingBox(), await newest.boundingBox()];
      return outer !== null && row !== null && row.y + row.height <= outer.y + outer.height + 1;
    })
    .toBe(true);
}
