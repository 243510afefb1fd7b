/**
 * The support inbox (role `support`, issue #21): open conversations nobody has taken (oldest first) and the
 * caller's own (latest message first). The detail shows the conversation, text rendered as text (React escapes
 * it; never HTML), images opened through the audited admin route, and a reply box; assign and close are the
 * queue's decisions. The side panel is the trader's (a visitor has none: their contact email is shown).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { OPERATOR_CSRF_HEADER } from '../../core/contract/backoffice';
import {
  AdminSupportAssign,
  AdminSupportClose,
  AdminSupportImage,
  AdminSupportList,
  AdminSupportRead,
  AdminSupportReply,
  AdminSupportThread,
  SUPPORT_TEXT_MAX,
  type SupportMessage,
} from '../../core/contract/support';
import english from '../../core/i18n/locales/en/backoffice/support.json';
import { SERVICE_ROOT, fillPath } from '../../core/contract/endpoint';
import { useBackoffice, useTime } from '../context';
import { FormEnd } from '../form-end';
import { decision, defineQueue, queueStrings, type LiveProps, type Read } from '../queue-declaration';
import { SidePanel } from '../side-panel';
import { urlOf, type Call, type CallOptions, type Outcome } from '../transport';
import {
  applyInboxEvent,
  applyRead,
  mergeMessages,
  onLive,
  supportItem,
  useSupportLive,
  type SupportItem,
} from './support.live';

export { supportItem, type SupportItem } from './support.live';

const KEYS = 'backoffice.queues.support';

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
async function sendReply(
  id: string,
  text: string,
  clientId: string,
): Promise<Outcome<{ message: SupportMessage }>> {
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
    const envelope = (await response.json()) as {
      code: number;
      msg: string;
      data: { message: SupportMessage };
    };
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
        {message.readAt !== null ? ` · ${t(`${KEYS}.read`)}` : ''}
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

/** Every message after `afterId` (all pages), or the failure. */
async function fetchAfter(
  call: Call,
  id: string,
  afterId: string | undefined,
  options: CallOptions,
): Promise<Outcome<SupportMessage[]>> {
  const messages: SupportMessage[] = [];
  let after = afterId;
  for (;;) {
    const page = await call(AdminSupportThread, after ? { id, afterId: after } : { id }, options);
    if (!page.ok) return page;
    messages.push(...page.data.messages);
    const last = page.data.messages.at(-1);
    if (!page.data.more || !last) return { ok: true, data: messages };
    after = last.id;
  }
}

/**
 * The conversation, live (SO6): loaded once, then each pushed message merged by id, read receipts applied, and
 * after every (re)connect the messages after the last one shown fetched. On the caller's own conversation the
 * trader's messages shown are marked read; the reply box answers with the stored message (merged by id too).
 */
function Conversation({ item }: { item: SupportItem }) {
  const { call, t, onSessionEnded } = useBackoffice();
  const [messages, setMessages] = useState<SupportMessage[] | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const last = useRef<string | undefined>(undefined);
  const readUpTo = useRef<string | null>(null);
  // Messages that came while the operator did nothing (pushed, or fetched after a reconnect): marking them read
  // is the page's doing, not the operator's, and keeps no idle session alive (SEC13).
  const cameLive = useRef(new Set<string>());
  last.current = messages?.at(-1)?.id;

  useEffect(() => {
    let live = true;
    const fetchNew = async (background: boolean) => {
      const answer = await fetchAfter(call, item.id, last.current, { background });
      if (!live) return;
      if (!answer.ok) {
        if (answer.status === 401) onSessionEnded();
        return;
      }
      if (background) for (const message of answer.data) cameLive.current.add(message.id);
      setMessages((now) => mergeMessages(now ?? [], answer.data));
    };
    // Opened by the operator.
    void fetchNew(false);
    const off = onLive((signal) => {
      if (signal.type === 'resync') return void fetchNew(true);
      const { event } = signal;
      if (event.conversation.id !== item.id) return;
      const pushed = event.message;
      if (pushed) {
        cameLive.current.add(pushed.id);
        setMessages((now) => mergeMessages(now ?? [], [pushed]));
      }
      if (event.kind === 'read' && event.upToId && event.reader) {
        const { reader, upToId } = event;
        setMessages((now) => now && applyRead(now, reader, upToId, Date.now()));
      }
    });
    return () => {
      live = false;
      off();
    };
  }, [item.id]);

  // The caller's own conversation: what the trader wrote and is shown here is read (the trader sees it).
  const newestTrader = messages?.filter((m) => m.from === 'trader' && m.readAt === null).at(-1)?.id ?? null;
  useEffect(() => {
    if (!item.mine || newestTrader === null || readUpTo.current === newestTrader) return;
    readUpTo.current = newestTrader;
    void call(
      AdminSupportRead,
      { id: item.id, upToId: newestTrader },
      { background: cameLive.current.has(newestTrader) },
    );
  }, [item.mine, item.id, newestTrader]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    const sent = await sendReply(item.id, text, crypto.randomUUID());
    setSending(false);
    if (!sent.ok) return setError(t(`${KEYS}.reply_failed`, { code: sent.code }));
    setText('');
    setError(null);
    setMessages((now) => mergeMessages(now ?? [], [sent.data.message]));
  }
  return (
    <>
      <h3>{t(`${KEYS}.conversation`)}</h3>
      {item.visitorEmail ? <p>{t(`${KEYS}.visitor`, { email: item.visitorEmail })}</p> : null}
      {messages ? (
        <ol className="bo-chat" data-testid="bo-chat">
          {messages.map((m) => (
            <Message key={m.id} message={m} />
          ))}
        </ol>
      ) : (
        <p className="bo-muted">{t('backoffice.loading')}</p>
      )}
      {item.mine ? (
        <form className="bo-chat__reply" onSubmit={(e) => void submit(e)}>
          <label className="bo-field bo-field--inline">
            {t(`${KEYS}.reply`)}
            <textarea
              value={text}
              rows={3}
              maxLength={SUPPORT_TEXT_MAX}
              onChange={(e) => setText(e.target.value)}
              data-testid="bo-chat-input"
            />
          </label>
          <FormEnd error={error} busy={sending} submitTestId="bo-chat-send">
            {t(`${KEYS}.send`)}
          </FormEnd>
        </form>
      ) : (
        <p className="bo-muted">{t(`${KEYS}.assign_to_reply`)}</p>
      )}
    </>
  );
}

/**
 * The inbox's live channel while it is open (SO5): each push updates the list in place; each (re)connect
 * loads the list again and puts it in place (the open conversation fetches after its last message).
 */
function InboxLive({ update }: LiveProps<SupportItem>) {
  const { call, t, onSessionEnded } = useBackoffice();
  const state = useSupportLive({
    onReady: () => {
      void inbox.load(call).then((answer) => {
        if (answer.ok) update(() => answer.data);
        else if (answer.status === 401) onSessionEnded();
      });
    },
    onEvent: (event) => update((items) => applyInboxEvent(items, event)),
    onSessionEnded,
  });
  return (
    <span
      className={`bo-live bo-live--${state}`}
      role="status"
      data-testid="bo-support-live"
      data-state={state}
    >
      {t(`${KEYS}.${state}`)}
    </span>
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
  live: InboxLive,
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
      // Only a conversation nobody has taken: the caller's own is taken, another operator's is refused (1038).
      appliesTo: (item) => !item.mine && item.assignedTo === null,
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
