/**
 * The step after a sign-in with a first password (decision SEC12): the operator types the password they were
 * given and chooses their own before anything else; the server refuses the session every other call until then.
 * The same form changes a password the operator chose, from the top bar (`mode="change"`, BO13): the same call,
 * which ends the operator's sessions in other browsers.
 */
import { useState, type FormEvent } from 'react';
import {
  ChooseOperatorPassword,
  OPERATOR_PASSWORD_MIN,
  type OperatorSession,
} from '../core/contract/backoffice';
import { passwordRuleOf } from '../core/contract/auth';
import { failureText, useBackoffice, type Translate } from './context';
import { FormEnd } from './form-end';

/** `first`: the first password's step after a sign-in; `change`: a chosen password changed from the top bar. */
export type PasswordMode = 'first' | 'change';

/** The key of a text that differs between the two modes (`backoffice.password[.change].<name>`). */
const textKey = (mode: PasswordMode, name: 'heading' | 'intro' | 'current' | 'hint' | 'same' | 'submit') =>
  mode === 'change' ? `backoffice.password.change.${name}` : `backoffice.password.${name}`;

/** What is wrong with the form before it is sent (the server checks the same), or ''. */
export function choosePasswordProblem(
  t: Translate,
  fields: { password: string; newPassword: string; repeat: string },
  mode: PasswordMode = 'first',
): string {
  if ([...fields.newPassword].length < OPERATOR_PASSWORD_MIN) {
    return t('backoffice.password.too_short', { min: OPERATOR_PASSWORD_MIN });
  }
  if (fields.newPassword === fields.password) return t(textKey(mode, 'same'));
  if (fields.newPassword !== fields.repeat) return t('backoffice.password.mismatch');
  return '';
}

export function ChoosePassword({
  onChosen,
  mode = 'first',
  onCancel,
}: {
  onChosen: (session: OperatorSession) => void;
  mode?: PasswordMode;
  /** Offered in the change mode: back to the page the operator came from. */
  onCancel?: () => void;
}) {
  const { call, t, toast, onSessionEnded } = useBackoffice();
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = choosePasswordProblem(t, { password, newPassword, repeat }, mode);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const answer = await call(ChooseOperatorPassword, { password, newPassword });
    setBusy(false);
    if (answer.ok) {
      toast(t('backoffice.password.saved'));
      onChosen(answer.data);
      return;
    }
    if (answer.status === 401) return onSessionEnded();
    // A common password or one holding a brand's or the operator's own name (SEC7, SEC8): say so, not "1001".
    setError(passwordRuleOf(answer.msg) ? t('backoffice.password.refused') : failureText(t, answer));
  };

  const field = (
    name: 'current' | 'new' | 'repeat',
    label: string,
    [value, set]: [string, (value: string) => void],
    autoComplete: string,
  ) => (
    <label className="bo-field">
      <span>{label}</span>
      <input
        type="password"
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(event) => set(event.target.value)}
        aria-describedby={name === 'new' ? 'bo-password-hint' : undefined}
        data-testid={`bo-password-${name}`}
      />
      {name === 'new' ? (
        <small id="bo-password-hint">{t(textKey(mode, 'hint'), { min: OPERATOR_PASSWORD_MIN })}</small>
      ) : null}
    </label>
  );

  return (
    <main className="bo-signin">
      <form
        className="bo-card bo-signin__form"
        onSubmit={submit}
        aria-labelledby="bo-password-title"
        data-testid="bo-choose-password"
      >
        <h1 id="bo-password-title">{t(textKey(mode, 'heading'))}</h1>
        <p className="bo-muted">{t(textKey(mode, 'intro'))}</p>
        {field('current', t(textKey(mode, 'current')), [password, setPassword], 'current-password')}
        {field('new', t('backoffice.password.new'), [newPassword, setNewPassword], 'new-password')}
        {field('repeat', t('backoffice.password.repeat'), [repeat, setRepeat], 'new-password')}
        <FormEnd error={error} errorTestId="bo-password-error" busy={busy} submitTestId="bo-password-submit">
          {busy ? t('backoffice.password.saving') : t(textKey(mode, 'submit'))}
        </FormEnd>
        {onCancel ? (
          <button type="button" className="bo-button" onClick={onCancel} data-testid="bo-password-cancel">
            {t('backoffice.password.cancel')}
          </button>
        ) : null}
      </form>
    </main>
  );
}
