import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { NotificationList, NotificationRead } from '../../core/contract/notifications';
import type { Notification } from '../../core/contract/notifications';
import { SHORT_DATE_TIME_FORMAT, formatTime } from '../../core/domain/format';
import { getSession } from '../../core/session/session';
import { getNotificationUnread } from '../../core/state/notifications';
import type { EventCallbacks } from '../_shared/events';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { ListFoot } from '../_shared/list-foot';
import { nextPage } from '../_shared/paging';
import { useInfiniteScroll } from '../_shared/use-infinite-scroll';
import { usePages } from '../_shared/use-pages';
import { useT } from '../_shared/use-t';
import type { Translate } from '../_shared/use-t';
import { useEmit } from '../_shared/widget-host';
import { SignedOut } from '../_shared/signed-out';
import { WidgetRoot } from '../_shared/widget-root';
import { NotificationDetail } from './notification-detail';
import { notificationText } from './notification-text';
import { isUnread, marksRead, queryFor } from './notifications.logic';
import { NOTIFICATIONS_CSS as css } from './styles';

/** Props of <Notifications>: the attributes of <tk-notifications> and its output callbacks. */
export interface NotificationsProps extends EventCallbacks<'tk-navigate'> {
  theme?: 'light' | 'dark';
}

/** Where the sign-in prompt sends the user (spec §2: /user pages need a session). */
export const LOGIN_PATH = '/login?to=/user/notification';

function NotificationRow({
  n,
  t,
  timezone,
  onOpen,
}: {
  n: Notification;
  t: Translate;
  timezone?: string;
  onOpen: () => void;
}) {
  const { title, body } = notificationText(n, t);
  const unread = isUnread(n);
  return (
    <li className="tk-notif__item" part="item" data-notification={n.id} data-unread={unread || undefined}>
      <button type="button" className="tk-notif__open" aria-haspopup="dialog" onClick={onOpen}>
        <span className="tk-notif__dot" aria-hidden="true" />
        <span className="tk-notif__text">
          <span className="tk-notif__title">
            {title}
            {unread ? <span className="tk-visually-hidden"> ({t('notifications.unread')})</span> : null}
          </span>
          <span className="tk-notif__snippet">{body}</span>
        </span>
        <span className="tk-notif__time tk-num">
          {formatTime(n.timeStamp, SHORT_DATE_TIME_FORMAT, timezone)}
        </span>
      </button>
    </li>
  );
}

function NotificationsBody(props: NotificationsProps) {
  const t = useT();
  const platform = usePlatform();
  const emit = useEmit(props);
  const session = useMemo(() => getSession(platform), [platform]);
  const unreadStore = useMemo(() => getNotificationUnread(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  const config = useAtomValue(platform.atoms.config);
  const unread = useAtomValue(unreadStore.count);
  const signedIn = state.status === 'signedIn';
  // Page by page (`user/notification`); a change of user, or reload(), starts again at page 1.
  const fetchPage = useCallback(
    (page: number) => platform.api.call(NotificationList, queryFor(page), { silent: true }),
    [platform],
  );
  const pages = usePages<Notification>(signedIn ? state.uid : null, fetchPage);
  const { paging, loading, loadMore, retry, reload } = pages;
  const [selected, setSelected] = useState<Notification | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const canLoad = signedIn && !loading && nextPage(paging) !== null;
  useInfiniteScroll(sentinel, loadMore, canLoad, `${paging.page}|${paging.invalid}|${paging.items.length}`);

  // A pushed rise of the unread count means a new notification: show it at the top.
  const lastUnread = useRef(unread);
  useEffect(() => {
    const before = lastUnread.current;
    lastUnread.current = unread;
    if (before !== null && unread !== null && unread > before) reload();
  }, [unread, reload]);

  const open = useCallback(
    async (n: Notification) => {
      setSelected(n);
      if (!marksRead(n)) return;
      const result = await platform.api.call(NotificationRead, { ids: [n.id] }, { silent: true });
      // Spec §4: reload from page 1 and refresh the unread counts.
      if (result.ok) unreadStore.accept(result.data.unread);
      else void unreadStore.refresh();
      reload();
    },
    [platform, unreadStore, reload],
  );

  if (!signedIn) {
    return (
      <SignedOut
        text={t('notifications.login_prompt')}
        t={t}
        buttonClass="tk-cash-btn tk-notif__btn"
        onLogin={() => emit('tk-navigate', { to: LOGIN_PATH })}
      />
    );
  }

  const timezone = config?.brand.timezone;
  return (
    <>
      <header className="tk-notif__head" part="header">
        <h2 className="tk-notif__heading">{t('notifications.title')}</h2>
        {unread ? (
          <span className="tk-notif__count" part="count" data-testid="notifications-unread">
            {t('notifications.unread_count', { n: unread })}
          </span>
        ) : null}
      </header>
      <div className="tk-notif__list" aria-busy={loading || undefined}>
        {paging.items.length > 0 ? (
          <ul className="tk-notif__items" part="list" aria-label={t('notifications.title')}>
            {paging.items.map((n) => (
              <NotificationRow key={n.id} n={n} t={t} timezone={timezone} onOpen={() => void open(n)} />
            ))}
          </ul>
        ) : paging.done ? (
          <p className="tk-state" part="empty">
            {t('notifications.empty')}
          </p>
        ) : null}
        <ListFoot
          ref={sentinel}
          t={t}
          block="tk-notif"
          failedKey="notifications.load_failed"
          endKey="notifications.end"
          moreKey="notifications.load_more"
          error={paging.error}
          loading={loading || (paging.page === 0 && !paging.done)}
          done={paging.done}
          hasItems={paging.items.length > 0}
          onRetry={retry}
          onMore={loadMore}
        />
      </div>
      {selected ? (
        <NotificationDetail
          notification={selected}
          t={t}
          timezone={timezone}
          onClose={() => setSelected(null)}
        />
      ) : null}
    </>
  );
}

/**
 * The notifications page of spec §2/§4: an infinite list (10 a page) with a detail drawer; opening an unread
 * one marks it read, reloads from page 1 and refreshes the unread count.
 */
export function Notifications(props: NotificationsProps) {
  return (
    <WidgetRoot name="notifications" css={css} theme={props.theme}>
      <div className="tk-notif" part="base">
        <NotificationsBody {...props} />
      </div>
    </WidgetRoot>
  );
}
