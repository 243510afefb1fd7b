/**
 * The support inbox (role `support`, issue #21): open conversations nobody has taken (oldest first) and the
 * caller's own (latest message first). The detail shows the conversation, text rendered as text (React escapes
 * it; never HTML), images opened through the audited admin route, and a reply box; assign and close are the
 * queue's decisions. The side panel is the trader's (a visitor has none: their contact email is shown).
 */
import { useState, type FormEvent } from 'react';
import { OPERATOR_CSRF_HEADER } from '../../core/contract/backoffice';
import {
  AdminSupportAssign,
  AdminSupportClose,
  AdminSupportImage,
  AdminSupportList,
  AdminSupportReply,
  AdminSupportThread,
  SUPPORT_TEXT_MAX,
  type AdminSupportConversation,
  type SupportMessage,
} from '../../core/contract/support';
import english from '../../core/i18n/locales/en/backoffice/support.json';
import { SERVICE_ROOT, fillPath } from '../../core/contract/endpoint';
import { useBackoffice, useTime } from '../context';
import { decision, defineQueue, queueStrings, type QueueItem, type Read } from '../queue-declaration';
import { SidePanel } from '../side-panel';
import { urlOf, type Outcome } from '../transport';
import { useLoad } from '../use-load';

const KEYS = 'backoffice.queues.support';

/** A conversation as the inbox shows it. */
export interface SupportItem extends QueueItem {
  mine: boolean;
  assignedTo: string | null;
  visitorEmail: string | null;
  lastText: string;
  unread: number;
}

export function supportItem(c: AdminSupportConversation): SupportItem {
  return {
    id: c.id,
    ticketNo: `S-${c.id}`,
    userUid: c.userUid ?? '',
    createdAt: c.createdAt,
    mine: c.mine,
    assignedTo: c.assignedTo,
    visitorEmail: c.visitorEmail,
    lastText: c.lastText,
    unread: c.unread,
  };
}

/** Mine first (they wait for the caller's answer), then the unassigned ones. */
const inbox: Read<void, SupportItem[]> = {
  endpoint: AdminSupportList,
  load: async (call) => {
    const mine = await call(AdminSupportList, { box: 'mine' });
    if (!mine.ok) return mine;
    const open = await call(AdminSupportList, { box: 'unassigned' });
    if (!open.ok) return open;
    return { ok: true, data: [...mine.data.list, ...open.data.list].map(supportItem) };
  },
};

const imagePath = (id: string) => `${SERVICE_ROOT.admin}/${fillPath(AdminSupportImage.path, { id })}`;

/** Sends a reply as a multipart form (the transport sends JSON only). */
async function sendReply(id: string, text: string, clientId: string): Promise<Outcome<unknown>> {
  const form = new FormData();
  form.set('text', text);
  form.set('clientId', clientId);
  try {
    const response = await fetch(urlOf(AdminSupportReply, { id }), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', [OPERATOR_CSRF_HEADER]: '1' },
      body: form,
    });
    const envelope = (await response.json()) as { code: number; msg: string; data: unknown };
    return envelope.code === 0
      ? { ok: true, data: envelope.data }
      : { ok: false, code: envelope.code, msg: envelope.msg, status: response.status };
  } catch {
    return { ok: false, code: -1, msg: '', status: 0 };
  }
}

function Message({ message }: { message: SupportMessage }) {
  const { t } = useBackoffice();
  const time = useTime();
  return (
    <li className={`bo-chat__message bo-chat__message--${message.from}`} data-testid="bo-chat-message">
      <span className="bo-muted">
        {t(`${KEYS}.from_${message.from}`)} · {time(message.createdAt)}
        {message.from === 'trader' && message.readAt !== null ? ` · ${t(`${KEYS}.read`)}` : ''}
      </span>
      {message.text ? <p className="bo-chat__text">{message.text}</p> : null}
      {message.image ? (
        <a href={imagePath(message.image)} target="_blank" rel="noreferrer" data-testid="bo-chat-image">
          {t(`${KEYS}.image`)}
        </a>
      ) : null}
    </li>
  );
}

/** The conversation and, on the caller's own, the reply box. */
function Conversation({ item }: { item: SupportItem }) {
  const { call, t } = useBackoffice();
  const [thread, reload] = useLoad(`support:${item.id}`, () => call(AdminSupportThread, { id: item.id }));
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    const sent = await sendReply(item.id, text, crypto.randomUUID());
    setSending(false);
    if (!sent.ok) return setError(t(`${KEYS}.reply_failed`, { code: sent.code }));
    setText('');
    setError(null);
    reload();
  }
  return (
    <>
      <h3>{t(`${KEYS}.conversation`)}</h3>
      {item.visitorEmail ? <p>{t(`${KEYS}.visitor`, { email: item.visitorEmail })}</p> : null}
      {thread.state === 'ok' ? (
        <ol className="bo-chat" data-testid="bo-chat">
          {thread.data.messages.map((m) => (
            <Message key={m.id} message={m} />
          ))}
        </ol>
      ) : (
        <p className="bo-muted">{t('backoffice.loading')}</p>
      )}
      <button type="button" className="bo-button" onClick={reload}>
        {t('backoffice.queue.refresh')}
      </button>
      {item.mine ? (
        <form className="bo-chat__reply" onSubmit={(e) => void submit(e)}>
          <label>
            {t(`${KEYS}.reply`)}
            <textarea
              value={text}
              maxLength={SUPPORT_TEXT_MAX}
              onChange={(e) => setText(e.target.value)}
              data-testid="bo-chat-input"
            />
          </label>
          {error ? (
            <p className="bo-error" role="alert">
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            className="bo-button bo-button--primary"
            disabled={sending}
            data-testid="bo-chat-send"
          >
            {t(`${KEYS}.send`)}
          </button>
        </form>
      ) : (
        <p className="bo-muted">{t(`${KEYS}.assign_to_reply`)}</p>
      )}
    </>
  );
}

/** The trader's side panel; a visitor has no account to show. */
function Panel({ uid }: { uid: string }) {
  const { t } = useBackoffice();
  return uid ? <SidePanel uid={uid} /> : <p className="bo-card bo-muted">{t(`${KEYS}.no_account`)}</p>;
}

export const queue = defineQueue<SupportItem>({
  id: 'support',
  order: 50,
  strings: queueStrings(
    'support',
    english,
    import.meta.glob(
      ['../../core/i18n/locales/*/backoffice/support.json', '!../../core/i18n/locales/en/backoffice/*'],
      { import: 'default' },
    ),
  ),
  nav: `${KEYS}.nav`,
  heading: `${KEYS}.heading`,
  list: inbox,
  row: (item) => ({
    title: item.mine ? `● ${item.lastText || '…'}` : item.lastText || '…',
    note: item.assignedTo ?? '—',
  }),
  facts: (item) => [
    { label: `${KEYS}.field.assigned`, text: item.assignedTo ?? '—' },
    { label: `${KEYS}.field.unread`, text: String(item.unread), num: true },
  ],
  fields: (item) => [[`${KEYS}.field.contact`, item.visitorEmail ?? item.userUid]],
  extra: Conversation,
  panel: Panel,
  decisions: [
    decision<typeof AdminSupportAssign, SupportItem>({
      id: 'assign',
      endpoint: AdminSupportAssign,
      input: (item) => ({ id: item.id }),
      label: `${KEYS}.assign`,
      title: `${KEYS}.assign_title`,
      done: `${KEYS}.assigned`,
      text: (_item, t) => t(`${KEYS}.assign_text`),
      danger: false,
    }),
    decision<typeof AdminSupportClose, SupportItem>({
      id: 'close',
      endpoint: AdminSupportClose,
      input: (item) => ({ id: item.id }),
      label: `${KEYS}.close`,
      title: `${KEYS}.close_title`,
      done: `${KEYS}.closed`,
      text: (_item, t) => t(`${KEYS}.close_text`),
      danger: true,
    }),
  ],
});
