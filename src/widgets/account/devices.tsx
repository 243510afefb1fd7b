import { useCallback, useEffect, useState } from 'react';
import { EndOtherSessions, EndSession, ListSessions, type SessionInfo } from '../../core/contract/auth';
import { formatZonedTime } from '../../core/domain/format';
import english from '../../core/i18n/locales/en/devices.json';
import type { LocaleFiles } from '../../core/i18n/i18n';
import { useToast } from '../_shared/toast';
import { useStrings } from '../_shared/use-strings';
import { callAccount } from './account-api';
import { useAccount } from './account-context';
import { deviceName } from './device-name';

// The list's strings are a namespace of their own, loaded with this lazy module: tk-account's first paint stays
// under its budget (SB4).
const STRINGS: LocaleFiles = {
  english: { devices: english },
  languages: () => import('./devices.locales'),
};

type Listed = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; sessions: SessionInfo[] };

/**
 * The trader's signed-in devices (docs/security.md 7.5.2): every live session with its browser and system, the
 * address it signed in from and its last activity; this device marked, each other one with a sign-out button,
 * and one button for all the others. A device signed out here loses its session at its next call or refresh.
 */
export function Devices() {
  const { t, platform, config } = useAccount();
  const ready = useStrings(platform.i18n, STRINGS);
  const toast = useToast();
  const [listed, setListed] = useState<Listed>({ state: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await callAccount(platform, ListSessions, {});
    setListed(result.ok ? { state: 'ready', sessions: result.data } : { state: 'failed' });
  }, [platform]);
  useEffect(() => {
    void load();
  }, [load]);

  /** Signs `id` out, or every other device when null; the list is read again either way. */
  const end = async (id: string | null) => {
    setBusy(id ?? 'others');
    if (id) {
      const result = await callAccount(platform, EndSession, { id });
      toast(result.ok ? t('account.devices.signed_out') : result.message, result.ok ? undefined : 'error');
    } else {
      const result = await callAccount(platform, EndOtherSessions, {});
      if (result.ok) toast(t('account.devices.signed_out_others', { n: result.data.ended }));
      else toast(result.message, 'error');
    }
    setBusy(null);
    await load();
  };

  const label = (session: SessionInfo) => {
    const { browser, os } = deviceName(session.userAgent);
    if (browser && os) return t('account.devices.browser_on', { browser, os });
    return browser ?? os ?? t('account.devices.unknown');
  };

  if (!ready) return null;
  const sessions = listed.state === 'ready' ? listed.sessions : [];
  const others = sessions.filter((session) => !session.current).length;
  return (
    <section
      className="tk-account__devices"
      part="devices"
      aria-labelledby="tk-devices-title"
      aria-busy={listed.state === 'loading' || undefined}
    >
      <h2 className="tk-account__subtitle" id="tk-devices-title">
        {t('account.devices.title')}
      </h2>
      <p className="tk-account__hint">{t('account.devices.intro')}</p>
      {listed.state === 'failed' ? (
        <p className="tk-state" role="alert">
          {t('account.devices.load_failed')}
        </p>
      ) : null}
      <ul className="tk-account__device-list">
        {sessions.map((session) => (
          <li
            key={session.id}
            className="tk-account__device"
            data-testid="device"
            data-current={session.current || undefined}
          >
            <div className="tk-account__device-text">
              <p className="tk-account__device-name">
                {label(session)}
                {session.current ? (
                  <span className="tk-account__badge">{t('account.devices.this_device')}</span>
                ) : null}
              </p>
              <p className="tk-account__hint tk-num">
                {t('account.devices.last_active', {
                  time: formatZonedTime(session.lastActiveAt, config.brand.timezone),
                })}
              </p>
              {session.ip ? (
                <p className="tk-account__hint tk-num">{t('account.devices.ip_from', { ip: session.ip })}</p>
              ) : null}
            </div>
            {session.current ? null : (
              <button
                type="button"
                className="tk-account__btn"
                data-variant="danger-outline"
                disabled={busy !== null}
                aria-busy={busy === session.id || undefined}
                aria-label={`${t('account.devices.sign_out')}: ${label(session)}`}
                onClick={() => void end(session.id)}
                data-testid="device-sign-out"
              >
                {t('account.devices.sign_out')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {listed.state === 'ready' && others === 0 ? (
        <p className="tk-account__hint">{t('account.devices.no_others')}</p>
      ) : null}
      {others > 0 ? (
        <button
          type="button"
          className="tk-account__btn tk-account__wide"
          data-variant="danger"
          disabled={busy !== null}
          aria-busy={busy === 'others' || undefined}
          onClick={() => void end(null)}
          data-testid="devices-sign-out-others"
        >
          {t('account.devices.sign_out_others')}
        </button>
      ) : null}
    </section>
  );
}
