/**
 * The back-office site (`/backoffice`): sign-in (then, after a first password, the choice of the operator's
 * own), then a top bar with the operator, their roles and sign-out, the review queues the operator's roles allow
 * (each declared under queues/), the user lookup, the brands and the audit log.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  OPERATOR_IDLE_MINUTES,
  OPERATOR_SESSION_HOURS,
  OperatorLogout,
  OperatorMe,
  type OperatorSession,
} from '../core/contract/backoffice';
import { SUPPORTED_LANGUAGES } from '../core/i18n/language';
import type { I18n } from '../core/i18n/i18n';
import { addStrings, hasStrings, loadCodeMessages, loadLanguage, loadNamespaces } from '../core/i18n/i18n';
import { ToastRegion, useToastState } from '../widgets/_shared/toast';
import { AuditPage } from './audit-page';
import { BrandsPage, BRANDS_STRINGS } from './brands-page';
import { ChoosePassword } from './choose-password';
import { BackofficeContext, type Backoffice } from './context';
import { Queue } from './queue';
import { AUDIT_PAGE, BRANDS_PAGE, pagesFor, QUEUES, queuesFor } from './queues';
import { OperatorBar } from './operator-bar';
import { SignIn } from './sign-in';
import { ThemeToggle } from './theme-toggle';
import { TimeZoneNote } from './time-zone-note';
import { useTimeZone } from './time-zone';
import { createTransport, type Call } from './transport';
import { UserLookup, USERS_PAGE, USERS_STRINGS } from './user-lookup';

export interface BackofficeAppProps {
  i18n: I18n;
  /** Tests pass a mocked fetch. */
  fetchImpl?: typeof fetch;
}

type Session =
  { state: 'checking' } | { state: 'anonymous'; ended: boolean } | ({ state: 'in' } & OperatorSession);

function useTranslation(i18n: I18n) {
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    const changed = (lng: string) => {
      setLanguage(lng);
      document.documentElement.lang = lng;
    };
    i18n.on('languageChanged', changed);
    return () => i18n.off('languageChanged', changed);
  }, [i18n]);
  // A new function per language, so screens re-render with the new texts.
  const t = useMemo(() => {
    void language;
    return (key: string, vars?: Record<string, unknown>) => i18n.t(key, vars);
  }, [i18n, language]);
  return { t, language };
}

/** Every page's own strings: each queue's, the user lookup's and the brands'. */
const PAGE_STRINGS = [...QUEUES.map((queue) => queue.strings), USERS_STRINGS, BRANDS_STRINGS];

/**
 * Gives the instance every page's strings (their English at once, so no tab shows a raw key) and loads them
 * in the page language when it is not English; a later language switch loads them with the rest.
 */
function useQueueStrings(i18n: I18n, language: string) {
  for (const files of PAGE_STRINGS) addStrings(i18n, files);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    const namespaces = PAGE_STRINGS.map((files) => Object.keys(files.english)[0] ?? '');
    if (hasStrings(i18n, namespaces)) return;
    let live = true;
    loadNamespaces(i18n, namespaces)
      .then(() => live && setLoaded((n) => n + 1))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [i18n, language]);
}

export function BackofficeApp({ i18n, fetchImpl }: BackofficeAppProps) {
  const call: Call = useMemo(() => createTransport(fetchImpl), [fetchImpl]);
  const { t, language } = useTranslation(i18n);
  useQueueStrings(i18n, language);
  const { toast, show, dismiss } = useToastState();
  const [session, setSession] = useState<Session>({ state: 'checking' });
  const [page, setPage] = useState<string>(QUEUES[0]?.id ?? AUDIT_PAGE);
  // The top bar's "Change password" form, in place of the page (BO13).
  const [changingPassword, setChangingPassword] = useState(false);
  const timeZone = useTimeZone(fetchImpl);

  const onSessionEnded = useCallback(() => setSession({ state: 'anonymous', ended: true }), []);
  // Signed in, and past the password step: the pages of the operator's roles.
  const working = session.state === 'in' && !session.mustChangePassword;
  const value: Backoffice = useMemo(
    () => ({
      call: async (endpoint, input, options) => {
        const answer = await call(endpoint, input, options);
        // Catalogue messages are loaded the first time a call fails.
        if (!answer.ok) await loadCodeMessages(i18n).catch(() => undefined);
        return answer;
      },
      t,
      language,
      toast: show,
      onSessionEnded,
      roles: working ? session.operator.roles : [],
      timeZone: timeZone ?? 'UTC',
    }),
    [call, t, language, show, onSessionEnded, i18n, session, working, timeZone],
  );

  useEffect(() => {
    let live = true;
    void call(OperatorMe, {}).then((answer) => {
      if (!live) return;
      setSession(answer.ok ? { state: 'in', ...answer.data } : { state: 'anonymous', ended: false });
    });
    return () => {
      live = false;
    };
  }, [call]);

  const queues = working ? queuesFor(session.operator.roles) : [];
  const pages = working ? pagesFor(session.operator.roles) : [];
  // An operator lands on their first queue, else on their first page (the user lookup is a tab away).
  const current = pages.includes(page) ? page : (queues[0]?.id ?? pages[0] ?? AUDIT_PAGE);
  const queue = queues.find((declared) => declared.id === current);
  const navLabel = (name: string) =>
    t(
      queues.find((declared) => declared.id === name)?.nav ??
        (name === USERS_PAGE
          ? 'backoffice.users.nav'
          : name === BRANDS_PAGE
            ? 'backoffice.brands.nav'
            : `backoffice.nav.${AUDIT_PAGE}`),
    );

  const signOut = async () => {
    await call(OperatorLogout, {});
    setSession({ state: 'anonymous', ended: false });
  };

  return (
    <BackofficeContext.Provider value={value}>
      <div className="tk-root bo-root">
        <header className="bo-top">
          <strong className="bo-top__title">{t('backoffice.title')}</strong>
          {working ? (
            <nav className="tk-tabs bo-top__nav" role="tablist" aria-label={t('backoffice.title')}>
              {pages.map((name) => (
                <button
                  key={name}
                  type="button"
                  role="tab"
                  className="tk-tab"
                  aria-selected={name === current}
                  onClick={() => {
                    setPage(name);
                    setChangingPassword(false);
                  }}
                  data-testid={`bo-nav-${name}`}
                >
                  {navLabel(name)}
                </button>
              ))}
            </nav>
          ) : null}
          <span className="bo-top__spacer" />
          {timeZone ? <TimeZoneNote zone={timeZone} /> : null}
          <label className="bo-top__language">
            <span className="bo-sr-only">{t('backoffice.language')}</span>
            <select value={language} onChange={(event) => void loadLanguage(i18n, event.target.value)}>
              {SUPPORTED_LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {t(`lang.${code}`)}
                </option>
              ))}
            </select>
          </label>
          <ThemeToggle label={t('backoffice.top.dark_theme')} />
          {session.state === 'in' ? (
            <OperatorBar
              operator={session.operator}
              t={t}
              onChangePassword={working ? () => setChangingPassword(true) : undefined}
              onSignOut={() => void signOut()}
            />
          ) : null}
        </header>
        {session.state === 'checking' || (working && !timeZone) ? (
          <p className="bo-muted bo-pad">{t('backoffice.loading')}</p>
        ) : null}
        {session.state === 'anonymous' ? (
          <>
            {session.ended ? (
              <p className="bo-error bo-pad" role="alert">
                {t('backoffice.top.session_ended', {
                  minutes: OPERATOR_IDLE_MINUTES,
                  hours: OPERATOR_SESSION_HOURS,
                })}
              </p>
            ) : null}
            <SignIn onSignedIn={(signedIn) => setSession({ state: 'in', ...signedIn })} />
          </>
        ) : null}
        {session.state === 'in' && session.mustChangePassword ? (
          <ChoosePassword onChosen={(chosen) => setSession({ state: 'in', ...chosen })} />
        ) : null}
        {working && changingPassword ? (
          <ChoosePassword
            mode="change"
            onChosen={(chosen) => {
              setSession({ state: 'in', ...chosen });
              setChangingPassword(false);
            }}
            onCancel={() => setChangingPassword(false)}
          />
        ) : null}
        {working && timeZone ? (
          // Hidden, not unmounted, while the password form shows: a review half done (a reason typed, a filter
          // set) is there again after it.
          <main className="bo-main" hidden={changingPassword}>
            {queue ? (
              <Queue key={queue.id} queue={queue} />
            ) : current === USERS_PAGE ? (
              <UserLookup />
            ) : current === BRANDS_PAGE ? (
              <BrandsPage />
            ) : (
              <AuditPage />
            )}
          </main>
        ) : null}
        <ToastRegion toast={toast} onDone={dismiss} />
      </div>
    </BackofficeContext.Provider>
  );
}
