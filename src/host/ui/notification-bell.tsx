/** The desktop top bar's bell (issue #26 item 6): the notifications page, with the unread count on it. */
import { useMemo } from 'react';
import { getNotificationUnread } from '../../core/state/notifications';
import { usePlatform } from '../../widgets/_shared/platform-context';
import { useAtomValue } from '../../widgets/_shared/store-react';
import { useT } from '../../widgets/_shared/use-t';
import { Link } from '../routing/link';
import { pathOf } from '../routing/routes';
import { useRoute } from '../routing/router';
import { useSignedIn } from '../session/use-host-session';
import { UnreadBadge } from './unread-badge';
import './notification-bell.css';

/** Bell outline (24 × 24, currentColor), drawn like the icons of ./icons.tsx. */
function BellIcon() {
  return (
    <svg
      width={22}
      height={22}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15Z" />
      <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
    </svg>
  );
}

/** The bell for a signed-in user; nothing for a visitor (notifications need an account). */
export function NotificationBell() {
  const t = useT();
  const { page } = useRoute();
  const platform = usePlatform();
  const unread = useAtomValue(useMemo(() => getNotificationUnread(platform), [platform]).count);
  const signedIn = useSignedIn();
  if (!signedIn) return null;
  const name = t('account.notification');
  return (
    <Link
      className="host-icon-btn host-bell"
      to={pathOf('notification')}
      data-testid="top-notifications"
      // The badge is drawn for the eye; the link's name says the count for a screen reader.
      aria-label={unread ? `${name}, ${t('account.unread_count', { n: unread })}` : name}
      aria-current={page === 'notification' ? 'page' : undefined}
      title={name}
    >
      <BellIcon />
      <UnreadBadge testId="top-unread" />
    </Link>
  );
}
