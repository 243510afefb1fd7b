import { useEffect } from 'react';
import { usePlatform } from './platform-context';

/**
 * Calls `reload` when a notification of `alarmType` arrives live while `active` (a rejection that changes what
 * a widget shows). The notifications state loads apart from the widget's first paint, so it is imported here.
 */
export function useNoticeReload(active: boolean, alarmType: number, reload: () => void): void {
  const platform = usePlatform();
  useEffect(() => {
    if (!active) return undefined;
    let release: (() => void) | null = null;
    let live = true;
    void import('../../core/state/notifications').then(({ getNotificationUnread }) => {
      if (!live) return;
      const { arrival } = getNotificationUnread(platform);
      release = platform.store.sub(arrival, () => {
        if (platform.store.get(arrival)?.alarmType === alarmType) reload();
      });
    });
    return () => {
      live = false;
      release?.();
    };
  }, [platform, active, alarmType, reload]);
}
