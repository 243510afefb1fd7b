/**
 * "Notify me on this device" on the notifications page (issue #25): subscribes this browser to Web Push with the
 * server's VAPID key and hands the subscription to the server, or takes it back. Shown only to a signed-in
 * trader in a browser that has service workers, push and notifications; the browser asks its own permission
 * first, and a refusal there is explained, never retried behind the trader's back.
 */
import { useEffect, useState } from 'react';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../core/contract/languages';
import { PushKey, PushSubscribe, PushUnsubscribe } from '../../../core/contract/web-push';
import { usePlatform } from '../../../widgets/_shared/platform-context';
import { useT } from '../../../widgets/_shared/use-t';
import { useSignedIn } from '../../session/use-host-session';
import { useHost } from '../../host-context';

type State = 'checking' | 'off' | 'on' | 'working';
type Problem = 'denied' | 'unavailable' | 'failed' | null;

/** True when this browser can take pushes at all (a page of a secure origin with the three APIs). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The VAPID key as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

export function PushSwitch() {
  const signedIn = useSignedIn();
  if (!signedIn || !pushSupported()) return null;
  return <PushSwitchControl />;
}

function PushSwitchControl() {
  const t = useT();
  const platform = usePlatform();
  const { language } = useHost();
  const [state, setState] = useState<State>('checking');
  const [problem, setProblem] = useState<Problem>(null);

  useEffect(() => {
    let live = true;
    void navigator.serviceWorker.ready
      .then((registration) => registration.pushManager.getSubscription())
      .then((subscription) => {
        if (live) setState(subscription && Notification.permission === 'granted' ? 'on' : 'off');
      })
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  async function turnOn(): Promise<void> {
    if ((await Notification.requestPermission()) !== 'granted') return setProblem('denied');
    const key = await platform.api.call(PushKey, {}, { silent: true });
    if (!key.ok) return setProblem('failed');
    const registration = await navigator.serviceWorker.ready;
    let subscription: PushSubscription;
    try {
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(key.data.publicKey),
      });
    } catch {
      return setProblem('unavailable');
    }
    const { endpoint, keys } = subscription.toJSON();
    const saved = await platform.api.call(
      PushSubscribe,
      {
        endpoint: endpoint ?? '',
        p256dh: keys?.p256dh ?? '',
        auth: keys?.auth ?? '',
        lang: isLanguage(language) ? language : DEFAULT_LANGUAGE,
      },
      { silent: true },
    );
    if (!saved.ok) {
      await subscription.unsubscribe();
      return setProblem('failed');
    }
    setState('on');
  }

  async function turnOff(): Promise<void> {
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.getSubscription();
    if (subscription) {
      await platform.api.call(PushUnsubscribe, { endpoint: subscription.endpoint }, { silent: true });
      await subscription.unsubscribe();
    }
    setState('off');
  }

  const toggle = () => {
    const wasOn = state === 'on';
    setProblem(null);
    setState('working');
    void (wasOn ? turnOff() : turnOn())
      .catch(() => setProblem('failed'))
      .finally(() => setState((now) => (now === 'working' ? (wasOn ? 'on' : 'off') : now)));
  };

  const on = state === 'on';
  return (
    <section className="host-push-switch" data-testid="push-switch" aria-labelledby="host-push-title">
      <div className="host-push-text">
        <h2 id="host-push-title">{t('push.title')}</h2>
        <p>{t('push.hint')}</p>
        {problem ? (
          <p className="host-push-problem" role="alert">
            {t(`push.${problem}`)}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={t('push.switch')}
        disabled={state === 'checking' || state === 'working'}
        onClick={toggle}
        className="host-push-toggle"
        data-testid="push-toggle"
      >
        {on ? t('push.on') : t('push.off')}
      </button>
    </section>
  );
}
