/**
 * The confirm dialog of every back-office action that changes something: a title, what will happen, an
 * optional required reason, and Confirm / Cancel. Confirm sends the call; success toasts and closes, an ended
 * session goes back to the sign-in page, any other failure shows the catalogue message in the dialog.
 */
import { useState } from 'react';
import { ModalDrawer } from '../widgets/_shared/drawer';
import type { Outcome } from './transport';
import { failureText, useBackoffice } from './context';
import { REASON_MAX, reasonValid } from './logic';

export interface ConfirmDialogProps {
  title: string;
  text: string;
  /** A red Confirm (the action takes something away: a rejection, a freeze). */
  danger: boolean;
  /** The hint under the required reason field; without it the action takes no reason. */
  reasonHint?: string;
  /** Sends the action with the trimmed reason ('' without a reason field). */
  send: (reason: string) => Promise<Outcome<unknown>>;
  /** The toast once it succeeded. */
  doneText: string;
  onClose: () => void;
  onDone: () => void;
}

export function ConfirmDialog({
  title,
  text,
  danger,
  reasonHint,
  send,
  doneText,
  onClose,
  onDone,
}: ConfirmDialogProps) {
  const { t, toast, onSessionEnded } = useBackoffice();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const needsReason = reasonHint !== undefined;
  const ready = !busy && (!needsReason || reasonValid(reason));

  const confirm = async () => {
    if (!ready) return;
    setBusy(true);
    setError('');
    const answer = await send(needsReason ? reason.trim() : '');
    setBusy(false);
    if (answer.ok) {
      toast(doneText);
      return onDone();
    }
    if (answer.status === 401) return onSessionEnded();
    setError(failureText(t, answer));
  };

  return (
    <ModalDrawer
      title={title}
      onClose={onClose}
      block="bo-confirm"
      part="confirm"
      role="alertdialog"
      kind="alertdialog"
      closeLabel={t('backoffice.queue.cancel')}
      autofocus
      actions={
        <>
          <button type="button" className="bo-button" onClick={onClose}>
            {t('backoffice.queue.cancel')}
          </button>
          <button
            type="button"
            className={`bo-button ${danger ? 'bo-button--danger' : 'bo-button--primary'}`}
            disabled={!ready}
            onClick={() => void confirm()}
            data-testid="bo-confirm"
          >
            {t('backoffice.queue.confirm')}
          </button>
        </>
      }
    >
      <p>{text}</p>
      {needsReason ? (
        <label className="bo-field">
          <span>{t('backoffice.queue.reason')}</span>
          <textarea
            data-autofocus
            required
            maxLength={REASON_MAX}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-describedby="bo-reason-hint"
            data-testid="bo-reason"
          />
          <small id="bo-reason-hint">{reasonHint}</small>
        </label>
      ) : null}
      {error ? (
        <p className="bo-error" role="alert" data-testid="bo-confirm-error">
          {error}
        </p>
      ) : null}
    </ModalDrawer>
  );
}
