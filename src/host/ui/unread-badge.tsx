/** The unread notification count as a badge (spec §2: the account dialog's Notification item). */
import { useMemo } from 'react';
import { getNotificationUnread } from '../../core/state/notifications';
import { usePlatform } from '../../widgets/_shared/platform-context';
import { useAtomValue } from '../../widgets/_shared/store-react';
import { useT } from '../../widgets/_shared/use-t';

/** At most this many; more shows "99+". */
const MAX_SHOWN = 99;

/** The badge, or nothing while the count is 0 or unknown. */
export function UnreadBadge({ testId }: { testId?: string }) {
  const t = useT();
  const platform = usePlatform();
  const unread = useAtomValue(useMemo(() => getNotificationUnread(platform), [platform]).count);
  if (!unread) return null;
  return (
    <span
      className="host-unread-badge"
      data-testid={testId}
      aria-label={t('account.unread_count', { n: unread })}
    >
      {unread > MAX_SHOWN ? `${MAX_SHOWN}+` : unread}
    </span>
  );
}
