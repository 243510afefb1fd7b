import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { getSession } from '../../core/session/session';
import { ModalDrawer } from './drawer';
import type { NavigateDetail } from './events';
import { usePlatform } from './platform-context';
import { realAccountGate } from './signed-out';
import { useAtomValue } from './store-react';
import { useNavigate } from './use-navigate';
import { useT } from './use-t';

/**
 * The saved payees of the cashier (bank cards, crypto addresses): a header with the heading and an add
 * button, then the load-failed (with retry), loading, empty or list state. The widget renders each entry.
 * Styled by saved-list.css (`tk-saved__*`); every part also carries the widget's own `<block>__*` class.
 */

/** Options of useSavedScreen. */
export interface SavedScreenOptions<S> {
  /** The screen the widget's attributes name. */
  fromProps: () => S;
  /** The attributes `fromProps` reads: the screen follows them again whenever this changes. */
  propsKey: string;
  /** A path of the widget → its screen (the fallback when no page routes `tk-navigate`). */
  screenOf: (to: string) => S | null;
  onNavigate: ((detail: NavigateDetail) => void) | undefined;
  /** The sign-in prompt and the demo account's line, already translated. */
  texts: { login: string; notOffered: string };
  /** Where the sign-in prompt sends the visitor. */
  loginPath: string;
}

/**
 * The screen of a saved-payee widget and its `go` (`tk-navigate`, else the widget's own screens), and the
 * gate that shows instead of any screen to a visitor or on the demo account (realAccountGate).
 */
export function useSavedScreen<S>(options: SavedScreenOptions<S>) {
  const { fromProps, propsKey, screenOf, onNavigate, texts, loginPath } = options;
  const t = useT();
  const platform = usePlatform();
  const session = useMemo(() => getSession(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  const [screen, setScreen] = useState<S>(fromProps);
  const [shownKey, setShownKey] = useState(propsKey);
  if (shownKey !== propsKey) {
    setShownKey(propsKey);
    setScreen(fromProps());
  }
  const fallback = useCallback(
    (to: string) => {
      const next = screenOf(to);
      if (next) setScreen(next);
    },
    [screenOf],
  );
  const go = useNavigate(onNavigate, fallback);
  const gate: ReactElement | null = realAccountGate(state, texts, t, () => go(loginPath));
  return { screen, go, gate };
}

/** The entries of a saved list: null while loading; `failed` after a load that did not answer them. */
interface SavedEntries<T> {
  entries: readonly T[] | null;
  failed: boolean;
  reload: () => Promise<void>;
}

/** Loads the entries with `fetch` (null: the load failed) on mount and whenever `fetch` changes. */
function useSavedEntries<T>(fetch: () => Promise<readonly T[] | null>): SavedEntries<T> {
  const [entries, setEntries] = useState<readonly T[] | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(async () => {
    setFailed(false);
    const list = await fetch();
    if (list) setEntries(list);
    else setFailed(true);
  }, [fetch]);
  useEffect(() => void reload(), [reload]);
  return { entries, failed, reload };
}

/** Props of SavedList. */
export interface SavedListProps<T> {
  /** The widget's class block (`tk-cards`): the parts carry `<block>__head`, `__heading`, `__add`, `__list`. */
  block: string;
  /** The widget's texts, already translated (the retry button says `common.retry`). */
  texts: { heading: string; add: string; loadFailed: string; loading: string; empty: string };
  /** Loads the entries; null when the load failed. */
  load: () => Promise<readonly T[] | null>;
  onAdd: () => void;
  /** One entry's `<li part="item">`. */
  children: (entry: T) => ReactNode;
}

/** The header and the state of a saved list (parts `header`, `add`, `error`, `empty`, `list`). */
export function SavedList<T>({ block, texts, load, onAdd, children }: SavedListProps<T>) {
  const t = useT();
  const { entries, failed, reload } = useSavedEntries(load);
  return (
    <>
      <header className={`tk-saved__head ${block}__head`} part="header">
        <h2 className={`tk-saved__heading ${block}__heading`}>{texts.heading}</h2>
        <button type="button" className={`tk-button ${block}__add`} part="add" onClick={onAdd}>
          {texts.add}
        </button>
      </header>
      {failed ? (
        <SavedError text={texts.loadFailed} action={t('common.retry')} onAction={() => void reload()} />
      ) : entries === null ? (
        <p className="tk-state" aria-busy="true">
          {texts.loading}
        </p>
      ) : entries.length === 0 ? (
        <p className="tk-state" part="empty">
          {texts.empty}
        </p>
      ) : (
        <ul className={`tk-saved__list ${block}__list`} part="list" aria-label={texts.heading}>
          {entries.map(children)}
        </ul>
      )}
    </>
  );
}

/** The error state (part `error`) of a saved list or entry: its text and one button (retry, back). */
export function SavedError({
  text,
  action,
  onAction,
}: {
  text: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <div className="tk-state" part="error">
      <p>{text}</p>
      <button type="button" className="tk-button" onClick={onAction}>
        {action}
      </button>
    </div>
  );
}

/** Props of DeleteEntry. */
export interface DeleteEntryProps {
  /** The widget's class block (the button's and the drawer's own classes). */
  block: string;
  /** The confirm drawer's title, already translated. */
  title: string;
  /** The texts of the buttons, already translated. */
  texts: { cancel: string; delete: string };
  /** The test id of the drawer's delete button. */
  testId: string;
  /** Disables the delete button (while the widget saves the entry). */
  disabled?: boolean;
  /** Deletes the entry on the server; true when it did. */
  remove: () => Promise<boolean>;
  /** After the delete: the widget's toast and its way back to the list. */
  onDeleted: () => void;
  /** What is about to be deleted (the drawer's text). */
  children: ReactNode;
}

/**
 * The delete button of a saved entry (part `delete`) and the confirm drawer it opens (parts `drawer confirm`,
 * the drawer's delete button takes the focus); the entry is deleted only from the drawer.
 */
export function DeleteEntry(props: DeleteEntryProps) {
  const { block, title, texts, testId, disabled, remove, onDeleted, children } = props;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    const deleted = await remove();
    setBusy(false);
    setConfirming(false);
    if (deleted) onDeleted();
  };
  const danger = `tk-button tk-saved__danger ${block}__danger`;
  return (
    <>
      <button
        type="button"
        className={danger}
        part="delete"
        disabled={disabled}
        onClick={() => setConfirming(true)}
      >
        {texts.delete}
      </button>
      {confirming ? (
        <ModalDrawer
          title={title}
          block={block}
          part="drawer confirm"
          role="alertdialog"
          onClose={() => setConfirming(false)}
          actions={
            <>
              <button type="button" className="tk-button" onClick={() => setConfirming(false)}>
                {texts.cancel}
              </button>
              <button
                type="button"
                className={danger}
                data-testid={testId}
                disabled={busy}
                data-autofocus
                onClick={() => void confirm()}
              >
                {texts.delete}
              </button>
            </>
          }
        >
          {children}
        </ModalDrawer>
      ) : null}
    </>
  );
}
