/**
 * The conversation's rows, oldest first and newest at the bottom: each message's text as text (never HTML),
 * its image (fetched with the caller's credentials), the time and, on the trader's own messages, sending /
 * sent / read, or a failed send with its resend button.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  SupportImage as ImageOfUser,
  SupportVisitorImage,
  type SupportConversation,
  type SupportMessage,
  SUPPORT_TEAM_NAME,
} from '../../core/contract/support';
import { fillPath } from '../../core/contract/endpoint';
import { formatTime, SHORT_DATE_TIME_FORMAT } from '../../core/domain/format';
import { deliveryOf, type PendingMessage, type ThreadState } from '../../core/domain/support-thread';
import { getSession } from '../../core/session/session';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import type { Translate } from '../_shared/use-t';
import type { SupportCaller } from './use-support';

/** An image of a message: a trader's with the bearer token, a visitor's with the same-site cookie. */
function MessageImage({
  id,
  caller,
  alt,
  onLoad,
}: {
  id: string;
  caller: SupportCaller;
  alt: string;
  onLoad: () => void;
}) {
  const platform = usePlatform();
  const config = useAtomValue(platform.atoms.config);
  const [src, setSrc] = useState<string | null>(null);
  const base = config?.services.api.replace(/\/+$/, '') ?? null;
  useEffect(() => {
    if (!base) return undefined;
    const endpoint = caller === 'user' ? ImageOfUser : SupportVisitorImage;
    const url = `${base}/${fillPath(endpoint.path, { id })}`;
    if (caller !== 'user') return setSrc(url);
    let live = true;
    const token = getSession(platform).getToken();
    void import('../../core/media/authorized-image')
      .then(({ loadImage }) => loadImage(url, { token }))
      .then((loaded) => live && setSrc(loaded))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [platform, base, caller, id]);
  return src ? (
    <img className="tk-support__image" part="image" src={src} alt={alt} loading="lazy" onLoad={onLoad} />
  ) : (
    <span className="tk-support__image tk-support__image--loading" aria-hidden="true" />
  );
}

/**
 * Who answers, above the messages: the operator by name (the team, the admin token, named in the page's
 * language), or the wait for one; nothing on a closed conversation, where nobody is answering any more.
 */
export function answeringLine(
  conversation: Pick<SupportConversation, 'status' | 'assignedTo'> | null,
  t: Translate,
): string | null {
  if (conversation?.status === 'closed') return null;
  const assigned = conversation?.assignedTo ?? null;
  if (!assigned) return t('support.waiting');
  return t('support.operator', { name: assigned === SUPPORT_TEAM_NAME ? t('support.team') : assigned });
}
function StateLine({ t, state }: { t: Translate; state: 'sending' | 'failed' | 'sent' | 'read' }) {
  return (
    <span className="tk-support__state" data-state={state} data-testid="support-state">
      {t(`support.state_${state}`)}
    </span>
  );
}

function Row({
  m,
  t,
  caller,
  timezone,
  onImage,
}: {
  m: SupportMessage;
  t: Translate;
  caller: SupportCaller;
  timezone?: string;
  onImage: () => void;
}) {
  const own = m.from === 'trader';
  return (
    <li className="tk-support__row" part="message" data-from={m.from} data-message-id={m.id}>
      <div className="tk-support__bubble">
        {m.image ? (
          <MessageImage id={m.image} caller={caller} alt={t('support.image_alt')} onLoad={onImage} />
        ) : null}
        {m.text ? <p className="tk-support__text">{m.text}</p> : null}
      </div>
      <p className="tk-support__meta">
        <span className="tk-num">{formatTime(m.createdAt, SHORT_DATE_TIME_FORMAT, timezone)}</span>
        {own ? <StateLine t={t} state={deliveryOf(m)} /> : null}
      </p>
    </li>
  );
}

function PendingRow({ p, t, onResend }: { p: PendingMessage; t: Translate; onResend: () => void }) {
  return (
    <li className="tk-support__row" part="message" data-from="trader" data-pending="">
      <div className="tk-support__bubble">
        {p.imageName ? <p className="tk-support__file">{p.imageName}</p> : null}
        {p.text ? <p className="tk-support__text">{p.text}</p> : null}
      </div>
      <p className="tk-support__meta">
        <StateLine t={t} state={p.failed ? 'failed' : 'sending'} />
        {p.failed ? (
          <button type="button" className="tk-support__link" onClick={onResend}>
            {t('support.resend')}
          </button>
        ) : null}
      </p>
    </li>
  );
}

export interface MessagesProps {
  thread: ThreadState;
  caller: SupportCaller;
  t: Translate;
  onResend: (clientId: string) => void;
}

/** The message list; it keeps the newest message in view as rows arrive. */
export function Messages({ thread, caller, t, onResend }: MessagesProps) {
  const platform = usePlatform();
  const timezone = useAtomValue(platform.atoms.config)?.brand.timezone;
  const list = useRef<HTMLOListElement>(null);
  const count = thread.messages.length + thread.pending.length;
  // Whether the newest message is in view: an image that loads later keeps it there (SJ8).
  const atEnd = useRef(true);
  const toEnd = useCallback(() => {
    const element = list.current;
    if (element && atEnd.current) element.scrollTop = element.scrollHeight;
  }, []);
  useLayoutEffect(() => {
    atEnd.current = true;
    toEnd();
  }, [count, toEnd]);
  const onScroll = () => {
    const element = list.current;
    if (element) atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
  };
  const who = answeringLine(thread.conversation, t);
  const rows = useMemo(
    () =>
      thread.messages.map((m) => (
        <Row key={m.id} m={m} t={t} caller={caller} timezone={timezone} onImage={toEnd} />
      )),
    [thread.messages, t, caller, timezone, toEnd],
  );
  return (
    <>
      {who ? (
        <p className="tk-support__who" part="operator" data-testid="support-operator">
          {who}
        </p>
      ) : null}
      <ol
        className="tk-support__list"
        part="list"
        ref={list}
        onScroll={onScroll}
        aria-label={t('support.title')}
        aria-live="polite"
      >
        {count === 0 ? <li className="tk-state tk-support__empty">{t('support.empty')}</li> : null}
        {rows}
        {thread.pending.map((p) => (
          <PendingRow key={p.clientId} p={p} t={t} onResend={() => onResend(p.clientId)} />
        ))}
      </ol>
    </>
  );
}
