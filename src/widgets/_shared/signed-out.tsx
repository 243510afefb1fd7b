import type { Translate } from './use-t';

/** Props of SignedOut. */
export interface SignedOutProps {
  /** The widget's own prompt, already translated. */
  text: string;
  t: Translate;
  /** The widget's button class (e.g. `tk-wallet__btn`). */
  buttonClass: string;
  /** Leave the primary look to the widget's plain `tk-button`. */
  primary?: boolean;
  onLogin: () => void;
}

/** The prompt a widget that needs a session shows a visitor: its text and a Log in button (`signed-out`). */
export function SignedOut({ text, t, buttonClass, primary = true, onLogin }: SignedOutProps) {
  return (
    <div className="tk-state" part="signed-out">
      <p>{text}</p>
      <button
        type="button"
        className={buttonClass}
        data-variant={primary ? 'primary' : undefined}
        onClick={onLogin}
      >
        {t('nav.login')}
      </button>
    </div>
  );
}

/**
 * What a real-account-only widget (bank cards, crypto addresses) shows instead of its content: the sign-in
 * prompt to a visitor, the "not offered" line to the demo account (spec §6); null when the content may show.
 */
export function realAccountGate(
  state: { status: string; virtual?: boolean },
  texts: { login: string; notOffered: string },
  t: Translate,
  onLogin: () => void,
) {
  if (state.status !== 'signedIn') {
    return <SignedOut text={texts.login} t={t} buttonClass="tk-button" primary={false} onLogin={onLogin} />;
  }
  if (state.virtual) {
    return (
      <p className="tk-state" part="unavailable">
        {texts.notOffered}
      </p>
    );
  }
  return null;
}
