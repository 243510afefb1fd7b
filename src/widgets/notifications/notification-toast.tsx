/**
 * The toast that announces a notification as it arrives on the exchange socket (issue #26 item 5, decisions
 * AN3): money credited, paid or transferred, and the refusals beside them, in the reader's language with the
 * amount and its unit. The host mounts it once; the notification list keeps the whole text.
 */
import { useEffect, useMemo, useRef } from 'react';
import { CODE_TEXT_ACTION } from '../../core/contract/notifications';
import { getNotificationUnread, type NotificationArrival } from '../../core/state/notifications';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { ToastRegion, useToastState } from '../_shared/toast';
import type { Translate } from '../_shared/use-t';
import { useT } from '../_shared/use-t';
import { notificationText } from './notification-text';

/** The toast's text: the title, then the body on its own line. */
export function arrivalText(arrival: NotificationArrival, t: Translate): string {
  // A push carries no title or content: an own-text notice (an operator's message) is announced by its code.
  const { title, body } = notificationText(
    { ...arrival, actionType: CODE_TEXT_ACTION, title: '', content: '' },
    t,
  );
  return body ? `${title}\n${body}` : title;
}

/** Props of NotificationToast. */
export interface NotificationToastProps {
  /** Class of the toast region, to place it. */
  className?: string;
}

/** Shows a toast for every notification that arrives while it is mounted. */
export function NotificationToast({ className }: NotificationToastProps) {
  const t = useT();
  const platform = usePlatform();
  const arrival = useAtomValue(useMemo(() => getNotificationUnread(platform), [platform]).arrival);
  const { toast, show, dismiss } = useToastState();
  // Read through a ref: a language switch must not announce the same arrival again.
  const translate = useRef(t);
  translate.current = t;
  useEffect(() => {
    if (arrival) show(arrivalText(arrival, translate.current));
  }, [arrival, show]);
  return <ToastRegion toast={toast} onDone={dismiss} className={className} testId="notification-toast" />;
}
